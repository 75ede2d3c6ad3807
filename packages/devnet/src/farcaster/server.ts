import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isAddress, isHex, zeroAddress, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { FARCASTER_DEVNET_FID_BASE, farcasterDevnetAccount, farcasterDevnetAccounts, type FarcasterDevnetAccount } from './accounts'
import { approvePage, avatarSvg, indexPage, messagePage, SIWF_PATH, type HtmlPage } from './page'
import { sendJson } from '../html'

export interface StartFarcasterStandInOptions {
  /** 0 picks a free port. */
  port: number
  /** Loopback only (default 127.0.0.1), unless `anyHost`. */
  host?: string
  /**
   * Lets `host` be any address: `0.0.0.0` inside a container, which other containers reach over
   * their private network (the compose `devnet` profile). It still answers `*.localhost` Host names only.
   */
  anyHost?: boolean
  /**
   * The base URL clients and browsers are told (default `http://farcaster.localhost:PORT`): the
   * channel `url` (the QR code) and the profiles' `pfpUrl` are built on it.
   */
  url?: string
  /** How long a channel lives after its creation (default 600 s); then the relay answers 401 for it. */
  channelTtlSeconds?: number
  /** The account the app page offers first when the URL names no `fid` (default 1000, `@alice`). */
  defaultFid?: number
  /** The stand-in's clock (channel expiry, the message's Issued At). */
  now?: () => number
  /** One line per request, and server errors. */
  log?: (line: string) => void
}

export interface FarcasterStandIn {
  /** The base URL, e.g. `http://farcaster.localhost:4409`: the relay's API is under `${url}/v1/`. */
  url: string
  port: number
  /** The Farcaster accounts of the devnet (fid 1000 + i, custody devnet account i). */
  accounts: readonly FarcasterDevnetAccount[]
  /** The custody address of `fid` (what the IdRegistry's `custodyOf` answers on chain), undefined for an unknown fid. */
  custodyOf(fid: number): Address | undefined
  /** Closes the server; channels are lost. Idempotent. */
  stop(): Promise<void>
}

/** What the relying party asked for (POST /v1/channel). */
interface ChannelRequest {
  siweUri: string
  domain: string
  nonce: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

/** What the Farcaster app posts once the user approved (POST /v1/channel/authenticate). */
interface Authentication {
  message: string
  signature: Hex
  fid: number
  username: string
  bio: string
  displayName: string
  pfpUrl: string
  verifications: Address[]
  custody: Address
}

interface Channel {
  channelToken: string
  request: ChannelRequest
  url: string
  expiresAt: number
  completed?: Authentication
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/
const NONCE = /^[A-Za-z0-9]{8,128}$/
const MAX_BODY_BYTES = 16_384
/** Past this many live channels the relay refuses new ones (a loop in a test, not a user). */
const MAX_CHANNELS = 10_000

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The devnet's stand-in for Sign In With Farcaster (AuthKit): one HTTP server that is both
 *
 * - the **relay**: `POST /v1/channel` `{siweUri, domain, nonce?, notBefore?, expirationTime?,
 *   requestId?}` -> 201 `{channelToken, url, nonce}`; `GET /v1/channel/status` with
 *   `Authorization: Bearer <channelToken>` -> 202 `{state: 'pending', nonce, url}` or 200
 *   `{state: 'completed', message, signature, fid, username, displayName, bio, pfpUrl,
 *   verifications, custody, nonce, url, signatureParams}`; `POST /v1/channel/authenticate` (Bearer)
 *   with what the app signed; an unknown or expired channel is 401 `{error: 'Unauthorized'}`.
 *   Channels live in memory for `channelTtlSeconds`.
 * - the **Farcaster app**, script-free: `GET /~/siwf?channelToken=…[&fid=N]` shows the requesting
 *   domain and "Sign in as @alice (fid 1000)" with Approve and Cancel (a form POST). Approve signs
 *   the EIP-4361 message (statement "Farcaster Auth", chain 10, resource `farcaster://fid/N`) with
 *   the fid's custody key, a devnet account, and completes the channel; Cancel leaves it pending,
 *   as the real app does (the relay has no "declined" state).
 * - the **IdRegistry** on Optimism, read-only: `GET /v1/custody?fid=N` -> `{fid, custody}` (the zero
 *   address for an unregistered fid, as `IdRegistry.custodyOf`).
 *
 * Answers only loopback and `*.localhost` Host names (a page on another name must not drive it).
 */
export async function startFarcasterStandIn(options: StartFarcasterStandInOptions): Promise<FarcasterStandIn> {
  const host = options.host ?? '127.0.0.1'
  if (!LOOPBACK.test(host) && !options.anyHost) throw new Error(`The Farcaster stand-in binds loopback only, not ${host} (without anyHost)`)
  const log = options.log ?? (() => undefined)
  const now = options.now ?? Date.now
  const ttlMs = (options.channelTtlSeconds ?? 600) * 1000
  const defaultFid = options.defaultFid ?? FARCASTER_DEVNET_FID_BASE
  if (!farcasterDevnetAccount(defaultFid)) throw new Error(`defaultFid ${defaultFid} is not a devnet Farcaster account`)
  const channels = new Map<string, Channel>()

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Cannot start the Farcaster stand-in: port ${options.port} on ${host} is already in use (a running "npm start"?)`, {
              cause: error,
            })
          : error,
      ),
    )
    server.listen(options.port, host, () => {
      server.removeAllListeners('error')
      server.on('error', (error) => log(`farcaster: server error: ${error.message}`))
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const base = (options.url ?? `http://farcaster.localhost:${port}`).replace(/\/+$/, '')
  const pfpUrl = (fid: number) => `${base}/pfp/${fid}.svg`

  const live = (token: string | undefined): Channel | undefined => {
    const channel = token === undefined ? undefined : channels.get(token)
    if (!channel) return undefined
    if (channel.expiresAt <= now()) {
      channels.delete(token!)
      return undefined
    }
    return channel
  }
  const bearer = (req: IncomingMessage) => /^Bearer ([^\s]+)$/.exec(req.headers.authorization ?? '')?.[1]
  const channelOf = (req: IncomingMessage) => {
    const channel = live(bearer(req))
    if (!channel) throw new HttpError(401, 'Unauthorized')
    return channel
  }
  const statusOf = (channel: Channel) => {
    const { request, completed } = channel
    if (!completed) return { state: 'pending' as const, nonce: request.nonce, url: channel.url }
    return { state: 'completed' as const, nonce: request.nonce, url: channel.url, ...completed, signatureParams: request }
  }

  /** What the Farcaster app does on Approve: the SIWE message for this channel, signed by the fid's custody key. */
  const approve = async (channel: Channel, account: FarcasterDevnetAccount) => {
    const { request } = channel
    const message = createSiweMessage({
      domain: request.domain,
      address: account.custody,
      statement: 'Farcaster Auth',
      uri: request.siweUri,
      version: '1',
      chainId: 10,
      nonce: request.nonce,
      issuedAt: new Date(now()),
      ...(request.expirationTime ? { expirationTime: new Date(request.expirationTime) } : {}),
      ...(request.notBefore ? { notBefore: new Date(request.notBefore) } : {}),
      ...(request.requestId ? { requestId: request.requestId } : {}),
      resources: [`farcaster://fid/${account.fid}`],
    })
    const signature = await privateKeyToAccount(account.privateKey).signMessage({ message })
    channel.completed = {
      message,
      signature,
      fid: account.fid,
      username: account.username,
      bio: account.bio,
      displayName: account.displayName,
      pfpUrl: pfpUrl(account.fid),
      verifications: [],
      custody: account.custody,
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Loopback names only, also against DNS rebinding.
    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()
    if (!(LOOPBACK.test(hostname) || hostname === '[::1]' || hostname.endsWith('.localhost'))) {
      throw new HttpError(421, `unexpected Host ${JSON.stringify(req.headers.host ?? '')}`)
    }
    const url = new URL(req.url ?? '/', base)
    const method = req.method ?? 'GET'
    const path = url.pathname

    if (path === '/v1/channel') {
      allow(method, 'POST')
      const body = await readJson(req)
      const request = channelRequest(body)
      const at = now()
      for (const [token, channel] of channels) if (channel.expiresAt <= at) channels.delete(token)
      if (channels.size >= MAX_CHANNELS) throw new HttpError(503, 'too many open channels')
      const channelToken = randomUUID()
      const channel: Channel = {
        channelToken,
        request,
        url: `${base}${SIWF_PATH}?${new URLSearchParams({ channelToken }).toString()}`,
        expiresAt: at + ttlMs,
      }
      channels.set(channelToken, channel)
      log(`farcaster: channel for ${request.domain}`)
      return sendJson(res, 201, { channelToken, url: channel.url, nonce: request.nonce })
    }
    if (path === '/v1/channel/status') {
      allow(method, 'GET')
      const status = statusOf(channelOf(req))
      return sendJson(res, status.state === 'pending' ? 202 : 200, status)
    }
    if (path === '/v1/channel/authenticate') {
      allow(method, 'POST')
      const channel = channelOf(req)
      const authentication = authenticationOf(await readJson(req))
      if (channel.completed) throw new HttpError(409, 'This channel is already completed')
      channel.completed = authentication
      return sendJson(res, 201, statusOf(channel))
    }
    if (path === '/v1/custody') {
      allow(method, 'GET')
      const fid = Number(url.searchParams.get('fid') ?? undefined)
      if (!Number.isSafeInteger(fid) || fid <= 0) throw new HttpError(400, 'fid must be a positive integer')
      // As the IdRegistry's custodyOf: the zero address for a fid nobody registered.
      return sendJson(res, 200, { fid, custody: farcasterDevnetAccount(fid)?.custody ?? zeroAddress })
    }
    if (path === SIWF_PATH) {
      allow(method, 'GET', 'POST')
      if (method === 'POST') return sendPage(res, ...(await answer(req)))
      const token = url.searchParams.get('channelToken') ?? ''
      const channel = live(token)
      if (!channel)
        return sendPage(
          res,
          404,
          messagePage('Sign-in request expired', 'This sign-in request is unknown or has expired: start again in the app.', {
            error: true,
          }),
        )
      if (channel.completed)
        return sendPage(res, 409, messagePage('Already answered', 'This sign-in request was already approved.', { error: true }))
      const fid = url.searchParams.has('fid') ? Number(url.searchParams.get('fid')) : defaultFid
      const account = farcasterDevnetAccount(fid)
      if (!account)
        return sendPage(
          res,
          400,
          messagePage('Unknown account', `The devnet has no Farcaster account with fid ${url.searchParams.get('fid') ?? ''}.`, {
            error: true,
          }),
        )
      return sendPage(
        res,
        200,
        approvePage({
          channelToken: token,
          domain: channel.request.domain,
          siweUri: channel.request.siweUri,
          account,
          accounts: farcasterDevnetAccounts,
          pfpUrl: pfpUrl(fid),
        }),
      )
    }
    const avatar = /^\/pfp\/(\d+)\.svg$/.exec(path)
    if (avatar) {
      allow(method, 'GET')
      const account = farcasterDevnetAccount(Number(avatar[1]))
      if (!account) throw new HttpError(404, 'no such account')
      res.writeHead(200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'cross-origin-resource-policy': 'cross-origin',
      })
      res.end(avatarSvg(account))
      return
    }
    if (path === '/') {
      allow(method, 'GET')
      return sendPage(res, 200, indexPage({ url: base, accounts: farcasterDevnetAccounts }))
    }
    throw new HttpError(404, 'not found: try POST /v1/channel, GET /v1/channel/status, GET /v1/custody?fid=N or GET /~/siwf?channelToken=…')
  }

  /** The app page's form: Approve signs and completes the channel, Cancel leaves it pending. */
  async function answer(req: IncomingMessage): Promise<[number, HtmlPage]> {
    const form = new URLSearchParams(await readBody(req))
    const channel = live(form.get('channelToken') ?? '')
    if (!channel)
      return [
        404,
        messagePage('Sign-in request expired', 'This sign-in request is unknown or has expired: start again in the app.', { error: true }),
      ]
    const domain = channel.request.domain
    if (form.get('action') === 'cancel') {
      log(`farcaster: sign-in to ${domain} cancelled`)
      return [200, messagePage('Sign-in cancelled', `Nothing was shared with ${domain}. You can go back to the app.`)]
    }
    if (form.get('action') !== 'approve') return [400, messagePage('Nothing to do', 'Choose Approve or Cancel.', { error: true })]
    if (channel.completed) return [409, messagePage('Already answered', 'This sign-in request was already approved.', { error: true })]
    const account = farcasterDevnetAccount(Number(form.get('fid')))
    if (!account) return [400, messagePage('Unknown account', 'The devnet has no Farcaster account with this fid.', { error: true })]
    await approve(channel, account)
    log(`farcaster: @${account.username} (fid ${account.fid}) signed in to ${domain}`)
    return [200, messagePage('Signed in', `You are signed in to ${domain} as @${account.username}. You can go back to the app.`)]
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = Date.now()
    const path = (req.url ?? '/').split('?')[0]
    res.on('finish', () => log(`farcaster ${req.method} ${path} ${res.statusCode} ${Date.now() - started}ms`))
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end()
      if (error instanceof HttpError) {
        if (error.status === 405) res.setHeader('allow', error.message.replace(/^method not allowed; allowed: /, ''))
        return sendJson(res, error.status, { error: error.message })
      }
      log(`farcaster: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      sendJson(res, 500, { error: 'internal error' })
    })
  })

  let stopping: Promise<void> | undefined
  return {
    url: base,
    port,
    accounts: farcasterDevnetAccounts,
    custodyOf: (fid) => farcasterDevnetAccount(fid)?.custody,
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        channels.clear()
        server.close(() => resolve())
        server.closeAllConnections()
      })),
  }
}

function allow(method: string, ...methods: string[]) {
  if (!methods.includes(method)) throw new HttpError(405, `method not allowed; allowed: ${methods.join(', ')}`)
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) {
    body += String(chunk)
    if (body.length > MAX_BODY_BYTES) throw new HttpError(413, 'body too large')
  }
  return body
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let json: unknown
  try {
    json = JSON.parse(await readBody(req))
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new HttpError(400, 'the body must be JSON')
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new HttpError(400, 'the body must be a JSON object')
  return json as Record<string, unknown>
}

const text = (body: Record<string, unknown>, key: string, max = 2048): string | undefined => {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || value.length === 0 || value.length > max)
    throw new HttpError(400, `${key} must be a string of 1 to ${max} characters`)
  return value
}
const date = (body: Record<string, unknown>, key: string): string | undefined => {
  const value = text(body, key, 64)
  if (value !== undefined && Number.isNaN(Date.parse(value))) throw new HttpError(400, `${key} must be an ISO 8601 date-time`)
  return value && new Date(value).toISOString()
}

/** POST /v1/channel's body, checked so that the app can build an EIP-4361 message from it. */
function channelRequest(body: Record<string, unknown>): ChannelRequest {
  const siweUri = text(body, 'siweUri')
  const domain = text(body, 'domain', 253)
  if (!siweUri || !domain) throw new HttpError(400, 'siweUri and domain are required')
  const nonce = text(body, 'nonce', 128) ?? randomBytes(12).toString('hex')
  if (!NONCE.test(nonce)) throw new HttpError(400, 'nonce must be 8 or more letters and digits')
  const request: ChannelRequest = { siweUri, domain, nonce }
  const notBefore = date(body, 'notBefore')
  const expirationTime = date(body, 'expirationTime')
  const requestId = text(body, 'requestId', 200)
  if (notBefore) request.notBefore = notBefore
  if (expirationTime) request.expirationTime = expirationTime
  if (requestId) request.requestId = requestId
  try {
    // The same checks the app's message builder makes (EIP-4361 domain, URI), now rather than at Approve.
    createSiweMessage({ domain, address: zeroAddress, uri: siweUri, version: '1', chainId: 10, nonce, ...(requestId ? { requestId } : {}) })
  } catch (error) {
    throw new HttpError(400, (error as Error).message.split('\n')[0] ?? 'invalid sign-in request')
  }
  return request
}

/** POST /v1/channel/authenticate's body: shapes only, as the relay checks (the relying party verifies the signature). */
function authenticationOf(body: Record<string, unknown>): Authentication {
  const message = text(body, 'message', 4096)
  const signature = body.signature
  const custody = body.custody
  const fid = body.fid
  const username = text(body, 'username', 64)
  if (!message || !username) throw new HttpError(400, 'message and username are required')
  if (typeof signature !== 'string' || !isHex(signature) || signature.length > 2 + 2 * 4096)
    throw new HttpError(400, 'signature must be hex')
  if (typeof custody !== 'string' || !isAddress(custody, { strict: false })) throw new HttpError(400, 'custody must be an address')
  if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0) throw new HttpError(400, 'fid must be a positive integer')
  const verifications = body.verifications ?? []
  if (!Array.isArray(verifications) || !verifications.every((item) => typeof item === 'string' && isAddress(item, { strict: false }))) {
    throw new HttpError(400, 'verifications must be addresses')
  }
  return {
    message,
    signature,
    fid,
    username,
    bio: text(body, 'bio', 512) ?? '',
    displayName: text(body, 'displayName', 128) ?? username,
    pfpUrl: text(body, 'pfpUrl') ?? '',
    verifications: verifications as Address[],
    custody,
  }
}

function sendPage(res: ServerResponse, status: number, html: HtmlPage) {
  res.writeHead(status, html.headers).end(html.body)
}
