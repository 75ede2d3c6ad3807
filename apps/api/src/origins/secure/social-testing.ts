import { signInWithStandIn, type SignInWithStandInOptions } from '@airlock/devnet/oidc'
import { FrameSocialProofMessage, SOCIAL_PROOF_MESSAGE_TYPE } from '@airlock/protocol'
import type { Hono } from 'hono'

/**
 * Test fixture (not a test): a browser's top-level windows on the secure origin, as the social
 * login popup uses them, against the secure-origin app in process and the devnet's OIDC stand-in.
 * Each one has its own first-party cookie jar; its requests are top-level navigations (no Origin).
 */
export function popupBrowser(app: Pick<Hono, 'request'>, origin: string) {
  const cookies = new Map<string, string>()
  const visit = async (url: string | URL) => {
    const target = new URL(url)
    if (target.origin !== origin) throw new Error(`the popup left the secure origin for ${target.href}`)
    const headers: Record<string, string> = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' }
    if (cookies.size) headers.Cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await app.request(`${target.pathname}${target.search}`, { headers })
    const setCookies = response.headers.getSetCookie()
    for (const line of setCookies) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value && !/Max-Age=0\b/.test(line)) cookies.set(name, value)
      else cookies.delete(name)
    }
    return { status: response.status, headers: response.headers, setCookies, text: await response.text() }
  }
  /** The popup opens the start page: bound to this browser, sent on to the provider's authorize URL. */
  const open = async (popupUri: string) => {
    const started = await visit(popupUri)
    const location = started.headers.get('location')
    if (started.status !== 302 || !location) throw new Error(`the start page answered ${started.status}: ${started.text}`)
    return { ...started, authorize: new URL(location) }
  }
  /** The whole popup: the start page, the login at the stand-in, the callback (this browser's cookies throughout). */
  const signIn = async (popupUri: string, options: SignInWithStandInOptions = {}) => {
    const { authorize } = await open(popupUri)
    return visit(await signInWithStandIn(authorize, options))
  }
  return { cookies, visit, open, signIn }
}

/** The message the callback page's script posts to its opener's frames; undefined when the page has no proof. */
export function postedProof(page: { text: string }): FrameSocialProofMessage | undefined {
  const found = /<div id="proof" data-flow="([^"]*)" data-proof="([^"]*)" hidden><\/div>/.exec(page.text)
  if (!found) return undefined
  return FrameSocialProofMessage.parse({ type: SOCIAL_PROOF_MESSAGE_TYPE, flow: found[1], proof: found[2] })
}
