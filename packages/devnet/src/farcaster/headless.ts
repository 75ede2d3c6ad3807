import type { Address } from 'viem'
import { localhostFetch } from '../oidc/headless'

export interface ApproveFarcasterChannelOptions {
  /** The account to sign in as (default: the one the page offers, fid 1000 unless the stand-in says otherwise). */
  fid?: number
  /** Press Cancel instead of Approve (the channel stays pending, as with the real app). */
  cancel?: boolean
  /** Default `localhostFetch` (Node cannot resolve `farcaster.localhost`). */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>
}

export interface FarcasterChannelAnswer {
  approved: boolean
  fid: number
  /** The `@name` the page showed, without the `@`. */
  username: string
}

const unescapeHtml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39|#38|#60|#62|#34);/g, (_, entity: string) =>
    entity.startsWith('#') ? String.fromCharCode(Number(entity.slice(1))) : { amp: '&', lt: '<', gt: '>', quot: '"' }[entity]!,
  )

/** A page's visible text, short, for an error message. */
const textOf = (html: string) =>
  unescapeHtml(
    html
      .replace(/<head>[\s\S]*<\/head>/, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ).slice(0, 300)

/**
 * Does in Node what a user does in the Farcaster app with the QR code's URL (a channel `url` of the
 * stand-in): opens the sign-in page, checks it shows a request, and presses Approve (or Cancel) in
 * its form. Approve makes the stand-in sign the EIP-4361 message with the fid's custody key and
 * complete the channel, so the relying party's next status poll answers `completed`.
 */
export async function approveFarcasterChannel(
  url: string | URL,
  options: ApproveFarcasterChannelOptions = {},
): Promise<FarcasterChannelAnswer> {
  const send = options.fetch ?? localhostFetch
  const pageUrl = new URL(url)
  if (options.fid !== undefined) pageUrl.searchParams.set('fid', String(options.fid))
  const response = await send(pageUrl.href)
  const html = await response.text()
  const form = /<form method="post" action="([^"]+)">/.exec(html)
  const account = /Sign in as @([^\s<]+) \(fid (\d+)\)/.exec(html)
  if (response.status !== 200 || !form || !account) {
    throw new Error(`the Farcaster stand-in answered ${response.status} at ${pageUrl.pathname}: ${textOf(html)}`)
  }
  const hidden = (name: string) => new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html)?.[1]
  const body = new URLSearchParams({
    channelToken: unescapeHtml(hidden('channelToken') ?? ''),
    fid: hidden('fid') ?? '',
    action: options.cancel ? 'cancel' : 'approve',
  })
  const answered = await send(new URL(unescapeHtml(form[1]!), pageUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  })
  const result = await answered.text()
  if (answered.status !== 200) {
    throw new Error(`the Farcaster stand-in refused the ${options.cancel ? 'cancel' : 'approval'} (${answered.status}): ${textOf(result)}`)
  }
  return { approved: !options.cancel, fid: Number(account[2]), username: unescapeHtml(account[1]!) }
}

/**
 * A relying party's `custodyOf` for the stand-in's IdRegistry (`GET {relay}/v1/custody?fid=N`):
 * where production reads `IdRegistry.custodyOf(fid)` on Optimism.
 */
export function standInCustodyOf(
  relayUrl: string,
  fetchFn: (input: string, init?: RequestInit) => Promise<Response> = localhostFetch,
): (fid: number) => Promise<Address> {
  const base = relayUrl.replace(/\/+$/, '')
  return async (fid) => {
    const response = await fetchFn(`${base}/v1/custody?${new URLSearchParams({ fid: String(fid) }).toString()}`)
    const body = (await response.json().catch(() => undefined)) as { custody?: unknown; error?: unknown } | undefined
    if (!response.ok || typeof body?.custody !== 'string') {
      throw new Error(`the Farcaster stand-in did not answer the custody address of fid ${fid} (${response.status})`)
    }
    return body.custody as Address
  }
}
