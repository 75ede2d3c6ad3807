import { escapeHtml, standInPage, type HtmlPage } from '../html'
import type { FarcasterDevnetAccount } from './accounts'

export type { HtmlPage } from '../html'

/** Where the "Farcaster app" page lives, as on farcaster.xyz (`/~/siwf?channelToken=…`). */
export const SIWF_PATH = '/~/siwf'

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f5f3ff; color: #1e1b4b; }
  main { max-width: 360px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p { margin: 0 0 16px; color: #4b5563; }
  .who { display: flex; gap: 12px; align-items: center; margin: 16px 0; }
  .who img { width: 48px; height: 48px; border-radius: 50%; }
  .buttons { display: flex; flex-direction: row-reverse; gap: 8px; margin-top: 20px; }
  button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid #d1d5db; background: #fff; cursor: pointer; }
  button[value=approve] { background: #7c3aed; border-color: #7c3aed; color: #fff; }
  ul { padding-left: 18px; }
  .error { color: #b91c1c; }
  .devnet { font-size: 12px; color: #9ca3af; margin-top: 20px; }
`

/** Every page: the devnet shell (html.ts), avatars from this origin. */
function page(title: string, content: string): HtmlPage {
  return standInPage({
    title,
    content,
    style: STYLE,
    imgSrc: ["'self'"],
    footer: 'Airlock devnet stand-in for the Farcaster app: it signs with a devnet key, never use it for anything real.',
  })
}

const switchUrl = (channelToken: string, fid: number) =>
  `${SIWF_PATH}?${new URLSearchParams({ channelToken, fid: String(fid) }).toString()}`

/** The sign-in request as the Farcaster app shows it: who asks, as whom, Approve or Cancel. */
export function approvePage(options: {
  channelToken: string
  domain: string
  siweUri: string
  account: FarcasterDevnetAccount
  accounts: readonly FarcasterDevnetAccount[]
  pfpUrl: string
}): HtmlPage {
  const { account, channelToken } = options
  const others = options.accounts.filter((other) => other.fid !== account.fid)
  return page(
    `Sign in to ${options.domain}`,
    `<h1>Sign in to <span id="domain">${escapeHtml(options.domain)}</span></h1>
<p><code id="siwe-uri">${escapeHtml(options.siweUri)}</code> asks to confirm your Farcaster account.</p>
<div class="who">
<img src="${escapeHtml(options.pfpUrl)}" alt="">
<strong id="account">Sign in as @${escapeHtml(account.username)} (fid ${account.fid})</strong>
</div>
<form method="post" action="${escapeHtml(SIWF_PATH)}">
<input type="hidden" name="channelToken" value="${escapeHtml(channelToken)}">
<input type="hidden" name="fid" value="${account.fid}">
<div class="buttons">
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</div>
</form>
${
  others.length
    ? `<p>Another account:</p>
<ul id="accounts">
${others.map((other) => `<li><a href="${escapeHtml(switchUrl(channelToken, other.fid))}">@${escapeHtml(other.username)} (fid ${other.fid})</a></li>`).join('\n')}
</ul>`
    : ''
}`,
  )
}

/** After Approve or Cancel, or when the request cannot be shown. */
export function messagePage(title: string, message: string, options: { error?: boolean } = {}): HtmlPage {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p id="message"${options.error ? ' class="error" role="alert"' : ''}>${escapeHtml(message)}</p>`,
  )
}

export function indexPage(options: { url: string; accounts: readonly FarcasterDevnetAccount[] }): HtmlPage {
  return page(
    'Farcaster stand-in',
    `<h1>Farcaster stand-in</h1>
<p>Relay: <code>POST ${escapeHtml(options.url)}/v1/channel</code>, <code>GET /v1/channel/status</code>,
<code>POST /v1/channel/authenticate</code>; the "Farcaster app" at <code>${escapeHtml(SIWF_PATH)}?channelToken=…</code>;
the IdRegistry at <code>GET /v1/custody?fid=N</code>.</p>
<p>Accounts:</p>
<ul>
${options.accounts.map((account) => `<li>@${escapeHtml(account.username)}: fid ${account.fid}, custody <code>${escapeHtml(account.custody)}</code></li>`).join('\n')}
</ul>`,
  )
}

/** A round avatar with the account's initial, served at `/pfp/<fid>.svg` (the profile's pfpUrl). */
export function avatarSvg(account: FarcasterDevnetAccount): string {
  const hue = (account.fid * 47) % 360
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><circle cx="24" cy="24" r="24" fill="hsl(${hue} 60% 55%)"/><text x="24" y="31" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#fff">${escapeHtml(account.username[0]!.toUpperCase())}</text></svg>`
}
