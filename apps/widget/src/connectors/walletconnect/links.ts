/**
 * Deep links that hand a `wc:` URI to a wallet app (the formats of Reown's CoreHelperUtil).
 * A custom scheme (`metamask://`) becomes `metamask://wc?uri=…`; an http(s) universal link
 * becomes `https://…/wc?uri=…`.
 */
export interface WalletLink {
  /** The full link to open. */
  href: string
  /** Universal links open in a new tab; custom schemes replace the (top) page. */
  target: '_blank' | '_self'
}

const SCHEME = /^[a-z][-+.a-z0-9]*:\/\//i
const UNSAFE = /^(javascript|data|vbscript|file|blob):/i

export function isHttpLink(link: string): boolean {
  return /^https?:\/\//i.test(link)
}

export function formatNativeLink(appLink: string, wcUri: string): WalletLink | undefined {
  if (isHttpLink(appLink)) return formatUniversalLink(appLink, wcUri)
  let base = appLink.trim()
  if (UNSAFE.test(base)) return undefined
  if (!base.includes('://')) base = `${base.replaceAll('/', '').replaceAll(':', '')}://`
  if (!SCHEME.test(base)) return undefined
  if (!base.endsWith('/')) base = `${base}/`
  return { href: `${base}wc?uri=${encodeURIComponent(wcUri)}`, target: '_self' }
}

export function formatUniversalLink(appLink: string, wcUri: string): WalletLink | undefined {
  if (!isHttpLink(appLink)) return formatNativeLink(appLink, wcUri)
  const base = appLink.endsWith('/') ? appLink : `${appLink}/`
  return { href: `${base}wc?uri=${encodeURIComponent(wcUri)}`, target: '_blank' }
}
