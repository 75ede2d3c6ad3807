/** `http://oidc.localhost:4408/x` -> `http://127.0.0.1:4408/x`: Node's resolver does not know `*.localhost` (browsers do). */
export function loopbackUrl(url: string | URL): string {
  const parsed = new URL(url)
  if (parsed.hostname === 'localhost' || parsed.hostname.endsWith('.localhost')) parsed.hostname = '127.0.0.1'
  return parsed.href
}

/**
 * `fetch` for Node that sends `localhost` and `*.localhost` requests to 127.0.0.1 (the stand-in
 * answers as its issuer host whatever name reaches it). openid-client: `[customFetch]: localhostFetch`.
 */
export const localhostFetch = (
  input: string | URL | Request,
  // Any byte array as body, as openid-client's customFetch passes.
  init?: Omit<RequestInit, 'body'> & { body?: BodyInit | Uint8Array | null },
): Promise<Response> =>
  input instanceof Request
    ? fetch(new Request(loopbackUrl(input.url), input), init as RequestInit)
    : fetch(loopbackUrl(input), init as RequestInit)

export interface SignInWithStandInOptions {
  /** Email typed into the login page; default the page's prefilled one (login_hint, else alice@example.com). */
  email?: string
  /** Press Cancel instead of Continue (the client then receives error=access_denied). */
  cancel?: boolean
  /** Default `localhostFetch`. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
}

/**
 * Does in Node what a user does in the login popup: opens `authorizeUrl`, follows the stand-in's
 * redirects with a cookie jar, posts the login form (Continue or Cancel) and follows on until a
 * redirect leaves the stand-in's origin. Returns that URL, the client's redirect_uri with
 * `code` and `state` (or `error`). With `autoLogin` and a `login_hint` no form is shown and none is posted.
 */
export async function signInWithStandIn(authorizeUrl: string | URL, options: SignInWithStandInOptions = {}): Promise<URL> {
  const send = options.fetch ?? localhostFetch
  const origin = new URL(authorizeUrl).origin
  const cookies = new Map<string, string>()
  let url = new URL(authorizeUrl)
  let body: URLSearchParams | undefined
  let posted = false
  for (let hop = 0; hop < 20; hop++) {
    const headers: Record<string, string> = {}
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded'
    const response = await send(url.href, { method: body ? 'POST' : 'GET', headers, body, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const expired = attributes.some((attribute) => {
        const [key = '', value = ''] = attribute.trim().split('=')
        return (
          (key.toLowerCase() === 'expires' && Date.parse(value) <= Date.now()) || (key.toLowerCase() === 'max-age' && Number(value) <= 0)
        )
      })
      if (expired) cookies.delete(name)
      else cookies.set(name, pair.slice(eq + 1).trim())
    }
    body = undefined
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel()
      url = new URL(location, url)
      if (url.origin !== origin) return url
      continue
    }
    const text = await response.text()
    const form = /<form method="post" action="([^"]+)">/.exec(text)
    if (response.status !== 200 || !form || posted) {
      throw new Error(
        `the OIDC stand-in answered ${response.status} at ${url.pathname}: ${text
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 300)}`,
      )
    }
    const prefilled = /<input id="email"[^>]* value="([^"]*)"/.exec(text)?.[1] ?? ''
    const unescape = (value: string) =>
      value.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[entity]!)
    url = new URL(unescape(form[1]!), url)
    body = new URLSearchParams({ email: options.email ?? unescape(prefilled), action: options.cancel ? 'cancel' : 'continue' })
    posted = true
  }
  throw new Error('the OIDC stand-in redirected more than 20 times')
}
