import { decodeJWT, encodeIss, generateKeyPair, signJWT, verifyJWT } from '@walletconnect/relay-auth'

/**
 * The clients open `ws://host:port/?auth=<JWT>&projectId=…&ua=…&useOnCloseEvent=true`. The JWT is
 * signed by the client's ed25519 key (EdDSA); `iss` is that key as a did:key
 * (`did:key:z6Mk…`, multicodec 0xed01, base58btc) and is the client id the relay routes by;
 * `sub` is random per client start; `aud` is the relay URL the client was given; `exp` is a day
 * after `iat` (seconds).
 */
export interface RelayAuthOptions {
  /** The port the relay listens on: a loopback `aud` must name it. */
  port: number
  now?: number
}

export type RelayAuthResult = { ok: true; clientId: string; projectId: string } | { ok: false; reason: string }

/**
 * The project id names the app a client belongs to (the dapp's, or the wallet's own), not a right
 * to use this relay: the JWT is the client's proof. Any id is accepted if it is well-formed
 * (public ids are 32 hex digits; the devnet's are words such as "demo"): it is logged and echoed.
 */
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|.+\.localhost|\[::1\])$/

function audienceProblem(aud: unknown, port: number): string | undefined {
  if (typeof aud !== 'string') return 'the JWT has no "aud"'
  let url: URL
  try {
    url = new URL(aud)
  } catch {
    return `the JWT "aud" ${JSON.stringify(aud)} is not a URL`
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return `the JWT "aud" ${JSON.stringify(aud)} is not a ws:// or wss:// URL`
  // Loose: behind a proxy the public URL may differ, so only a loopback audience is held to our port.
  const audPort = Number(url.port || (url.protocol === 'wss:' ? 443 : 80))
  if (LOOPBACK.test(url.hostname) && audPort !== port) return `the JWT "aud" ${aud} names another port than this relay's (${port})`
  return undefined
}

/** Checks the query of an upgrade request; every refusal says why. */
export async function checkRelayAuth(query: URLSearchParams, options: RelayAuthOptions): Promise<RelayAuthResult> {
  const projectId = query.get('projectId') ?? ''
  if (!projectId) return { ok: false, reason: 'missing projectId query parameter' }
  if (!PROJECT_ID.test(projectId)) return { ok: false, reason: 'malformed projectId: expected 1 to 64 letters, digits, "-" or "_"' }
  const jwt = query.get('auth')
  if (!jwt) return { ok: false, reason: 'missing auth query parameter (a JWT signed with the client ed25519 key)' }
  let payload: { iss?: unknown; exp?: unknown; aud?: unknown }
  try {
    payload = decodeJWT(jwt).payload
    if (typeof payload.iss !== 'string' || !payload.iss.startsWith('did:key:z6Mk'))
      return { ok: false, reason: 'the JWT "iss" is not an ed25519 did:key' }
    if (!(await verifyJWT(jwt))) return { ok: false, reason: 'the JWT signature does not verify against its "iss" key' }
  } catch (error) {
    return { ok: false, reason: `malformed JWT: ${(error as Error).message}` }
  }
  const now = options.now ?? Date.now()
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return { ok: false, reason: 'the JWT has expired' }
  const problem = audienceProblem(payload.aud, options.port)
  if (problem) return { ok: false, reason: problem }
  return { ok: true, clientId: payload.iss, projectId }
}

/** For tests and raw clients: a relay JWT as the WalletConnect core signs it. */
export async function signRelayJwt(options: {
  aud: string
  /** 32 bytes; random when absent. The same seed gives the same client id. */
  seed?: Uint8Array
  ttlSeconds?: number
  /** Seconds since the epoch; now when absent. */
  iat?: number
}): Promise<{ jwt: string; clientId: string }> {
  const keyPair = generateKeyPair(options.seed)
  const sub = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')
  const jwt = await signJWT(sub, options.aud, options.ttlSeconds ?? 86_400, keyPair, options.iat)
  return { jwt, clientId: encodeIss(keyPair.publicKey) }
}
