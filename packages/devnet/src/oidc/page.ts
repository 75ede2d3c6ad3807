import { escapeHtml, standInPage, type HtmlPage } from '../html'

export type { HtmlPage } from '../html'

/** The social logins the stand-in impersonates, and the name each page shows. */
export const OIDC_PROVIDERS = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
} as const

export type OidcProviderName = keyof typeof OIDC_PROVIDERS

export function isOidcProviderName(name: string): name is OidcProviderName {
  return Object.hasOwn(OIDC_PROVIDERS, name)
}

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 360px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  h1 { font-size: 20px; margin: 0 0 4px; }
  p { margin: 0 0 16px; color: #4b5563; }
  label { display: block; font-weight: 600; margin-bottom: 6px; }
  input { box-sizing: border-box; width: 100%; padding: 9px 10px; font: inherit; border: 1px solid #d1d5db; border-radius: 8px; }
  .buttons { display: flex; flex-direction: row-reverse; gap: 8px; margin-top: 20px; }
  button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid #d1d5db; background: #fff; cursor: pointer; }
  button[value=continue] { background: #2563eb; border-color: #2563eb; color: #fff; }
  .error { color: #b91c1c; }
  .devnet { font-size: 12px; color: #9ca3af; margin-top: 20px; }
`

/**
 * Every page: the devnet shell (html.ts); forms may be redirected on to `formTargets` (the
 * registered redirect_uri origins).
 */
function page(title: string, content: string, formTargets: readonly string[] = []): HtmlPage {
  return standInPage({ title, content, style: STYLE, formTargets, footer: 'Airlock devnet stand-in: no password, any email signs in.' })
}

export function loginPage(options: {
  provider: OidcProviderName
  /** Where the form posts (this interaction's url). */
  action: string
  clientId: string
  email: string
  error?: string
  formTargets: readonly string[]
}): HtmlPage {
  const name = OIDC_PROVIDERS[options.provider]
  return page(
    `Sign in with ${name}`,
    `<h1>Sign in with ${escapeHtml(name)}</h1>
<p>to continue to <strong>${escapeHtml(options.clientId)}</strong></p>
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(options.email)}">
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<div class="buttons"><!-- Continue first: Enter in the field presses it -->
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>`,
    options.formTargets,
  )
}

export function errorPage(out: { error: string; error_description?: string | undefined }): HtmlPage {
  return page(
    `Sign-in error: ${out.error}`,
    `<h1>Sign-in error</h1>
<p><code id="error">${escapeHtml(out.error)}</code></p>
${out.error_description ? `<p id="error_description">${escapeHtml(out.error_description)}</p>` : ''}`,
  )
}

export function indexPage(issuers: ReadonlyArray<{ provider: OidcProviderName; issuer: string }>): HtmlPage {
  return page(
    'OpenID Connect stand-in',
    `<h1>Social login stand-in</h1>
<p>One OpenID Connect issuer per provider:</p>
<ul>
${issuers
  .map(
    ({ provider, issuer }) =>
      `<li>${escapeHtml(OIDC_PROVIDERS[provider])}: <code>${escapeHtml(issuer)}</code> (<code>/.well-known/openid-configuration</code>)</li>`,
  )
  .join('\n')}
</ul>`,
  )
}
