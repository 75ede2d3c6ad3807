import { randomBytes } from 'node:crypto'
import {
  approveFarcasterChannel,
  farcasterDevnetAccount,
  localhostFetch,
  standInCustodyOf,
  startFarcasterStandIn,
  type FarcasterStandIn,
} from '@airlock/devnet/farcaster'
import { devnetAccounts } from '@airlock/devnet'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { createSecureOriginApp, type SecureOriginAppOptions } from './app'
import { SecureReason } from './reasons'
import { FARCASTER_LOGIN_TTL_MS, FarcasterReason } from './farcaster'
import { hashToken } from '../../platform/security/tokens'
import { serverKeys } from './secrets'

const ORIGIN = 'http://secure.localhost:4402'
const DOMAIN = 'secure.localhost:4402'

let db: Database
let farcaster: FarcasterStandIn
let time = Date.now()
/** The stand-in's own clock (its channels' TTL). */
let relayTime = Date.now()
let app: ReturnType<typeof createSecureOriginApp>
/** Every fid whose custody the server asked for. */
const custodyReads: number[] = []

function secureApp(extra: Partial<SecureOriginAppOptions> = {}) {
  return createSecureOriginApp({
    origin: ORIGIN,
    widgetOrigin: 'http://widget.localhost:4401',
    keyServiceOrigin: 'http://keys.localhost:4410',
    apiOrigin: 'http://api.localhost:4403',
    db,
    keys: serverKeys(randomBytes(32)),
    now: () => time,
    rateLimit: false,
    mailRateLimit: false,
    farcaster: {
      relayUrl: farcaster.url,
      fetch: localhostFetch,
      custodyOf: (fid) => {
        custodyReads.push(fid)
        return standInCustodyOf(farcaster.url)(fid)
      },
    },
    ...extra,
  })
}

beforeAll(async () => {
  ;[db, farcaster] = await Promise.all([openDatabase(), startFarcasterStandIn({ port: 0, now: () => relayTime, channelTtlSeconds: 900 })])
  app = secureApp()
}, 30_000)

afterAll(async () => {
  await Promise.all([db?.close(), farcaster?.stop()])
})

async function call(
  path: string,
  options: { body?: unknown; token?: string; device?: string; origin?: string | null; app?: typeof app } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (options.origin !== null) headers.Origin = options.origin ?? ORIGIN
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.device) headers['X-Airlock-Device'] = options.device
  const response = await (options.app ?? app).request(path, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  })
  const text = await response.text()
  const json = response.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : {}
  return { status: response.status, headers: response.headers, json }
}

async function start(device?: string) {
  const started = await call('/api/farcaster/start', { body: {}, ...(device ? { device } : {}) })
  expect(started.status).toBe(200)
  return {
    ...started,
    url: started.json.url as string,
    channelToken: started.json.channelToken as string,
    device: device ?? (started.json.deviceToken as string),
  }
}

const claim = (channelToken: string, device: string) => call('/api/farcaster/claim', { body: { channelToken }, device })

/** What the Farcaster app would post to the relay, made and signed here (a forged or foreign answer). */
async function authenticate(channelToken: string, sign: { fid: number; custodyKey: `0x${string}`; domain?: string; nonce?: string }) {
  const relay = (path: string, body?: unknown) =>
    localhostFetch(`${farcaster.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${channelToken}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
  const pending = (await (await relay('/v1/channel/status')).json()) as { nonce: string }
  const signer = privateKeyToAccount(sign.custodyKey)
  const message = createSiweMessage({
    domain: sign.domain ?? DOMAIN,
    address: signer.address,
    statement: 'Farcaster Auth',
    uri: ORIGIN,
    version: '1',
    chainId: 10,
    nonce: sign.nonce ?? pending.nonce,
    issuedAt: new Date(),
    resources: [`farcaster://fid/${sign.fid}`],
  })
  return forward(channelToken, {
    message,
    signature: await signer.signMessage({ message }),
    fid: sign.fid,
    username: 'mallory',
    custody: signer.address,
  })
}

async function forward(channelToken: string, body: Record<string, unknown>) {
  const response = await localhostFetch(`${farcaster.url}/v1/channel/authenticate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${channelToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(201)
}

describe('Sign In With Farcaster on the secure origin', () => {
  it('start -> QR url -> approve in the app -> claim gives a session for a user without email, bound to the fid', async () => {
    const started = await start()
    expect(started.device).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(started.headers.get('set-cookie')).toMatch(/^airlock_device=/)
    expect(started.url).toBe(`${farcaster.url}/~/siwf?channelToken=${started.channelToken}`)
    const stored = await db.query<{ channel_token_hash: string; status: string }>(
      'SELECT channel_token_hash, status FROM secure_farcaster_logins WHERE channel_token_hash = $1',
      [hashToken(started.channelToken)],
    )
    expect(stored.rows).toEqual([{ channel_token_hash: hashToken(started.channelToken), status: 'pending' }])

    // The app page shows this origin as the requester.
    const page = await (await localhostFetch(started.url)).text()
    expect(page).toContain(`<span id="domain">${DOMAIN}</span>`)
    expect(page).toContain(`<code id="siwe-uri">${ORIGIN}</code>`)

    expect(await claim(started.channelToken, started.device)).toMatchObject({ status: 202, json: { status: 'pending' } })
    await approveFarcasterChannel(started.url, { fid: 1002 })
    custodyReads.length = 0
    const claimed = await claim(started.channelToken, started.device)
    expect(claimed.status).toBe(200)
    expect(custodyReads).toEqual([1002])
    expect(claimed.headers.get('set-cookie')).toMatch(/^airlock_session=/)
    const user = claimed.json.user as { id: string; email?: string; farcaster: Record<string, unknown> }
    expect(claimed.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(user).not.toHaveProperty('email')
    expect(user.farcaster).toEqual({ fid: 1002, username: 'carol', displayName: 'Carol', pfpUrl: `${farcaster.url}/pfp/1002.svg` })

    // The session works like any other, and the user has no email.
    const session = await call('/api/session', { token: claimed.json.token as string, device: started.device })
    expect(session.json).toMatchObject({ isConnected: true, user: { id: user.id } })
    expect(session.json.user).not.toHaveProperty('email')
    const rows = await db.query<{ email: string | null; provider: string; subject: string; name: string }>(
      `SELECT u.email, i.provider, i.subject, i.name FROM secure_users u JOIN secure_social_identities i ON i.user_id = u.id WHERE u.id = $1`,
      [user.id],
    )
    expect(rows.rows).toEqual([{ email: null, provider: 'farcaster', subject: '1002', name: 'carol' }])

    // A Farcaster-only account has no email to change.
    const update = await call('/api/email/update', {
      body: { newEmail: 'carol@example.com' },
      token: claimed.json.token as string,
      device: started.device,
    })
    expect(update).toMatchObject({ status: 400, json: { error: SecureReason.noEmail } })

    // Replay: the channel is claimed once.
    expect(await claim(started.channelToken, started.device)).toMatchObject({ status: 400, json: { error: FarcasterReason.used } })

    // The same fid again, on another device: the same user.
    const again = await start()
    await approveFarcasterChannel(again.url, { fid: 1002 })
    const second = await claim(again.channelToken, again.device)
    expect(second.status).toBe(200)
    expect((second.json.user as { id: string }).id).toBe(user.id)
  })

  it('binds the claim to the device that started it', async () => {
    const started = await start()
    await approveFarcasterChannel(started.url, { fid: 1004 })
    const other = await start()
    expect(await claim(started.channelToken, other.device)).toMatchObject({ status: 403, json: { error: FarcasterReason.otherDevice } })
    expect((await call('/api/farcaster/claim', { body: { channelToken: started.channelToken } })).status).toBe(403)
    // ... and the device it belongs to still gets it.
    expect((await claim(started.channelToken, started.device)).status).toBe(200)
  })

  it('refuses an expired sign-in: past its own 10 minutes, or forgotten by the relay', async () => {
    const late = await start()
    await approveFarcasterChannel(late.url)
    time += FARCASTER_LOGIN_TTL_MS
    try {
      expect(await claim(late.channelToken, late.device)).toMatchObject({ status: 400, json: { error: FarcasterReason.expired } })
    } finally {
      time -= FARCASTER_LOGIN_TTL_MS
    }

    const forgotten = await start()
    relayTime += 900_000
    try {
      expect(await claim(forgotten.channelToken, forgotten.device)).toMatchObject({ status: 400, json: { error: FarcasterReason.expired } })
    } finally {
      relayTime -= 900_000
    }
    // The failure sticks.
    expect(await claim(forgotten.channelToken, forgotten.device)).toMatchObject({ status: 400, json: { error: FarcasterReason.expired } })
  })

  it('refuses a bad signature, a custody address that does not own the fid, another site and a replayed message', async () => {
    const alice = farcasterDevnetAccount(1000)!

    // Signed by another key than the custody address it names.
    const forged = await start()
    const signer = privateKeyToAccount(devnetAccounts[1]!.privateKey)
    const pending = (await (
      await localhostFetch(`${farcaster.url}/v1/channel/status`, { headers: { authorization: `Bearer ${forged.channelToken}` } })
    ).json()) as { nonce: string }
    const message = createSiweMessage({
      domain: DOMAIN,
      address: alice.custody,
      statement: 'Farcaster Auth',
      uri: ORIGIN,
      version: '1',
      chainId: 10,
      nonce: pending.nonce,
      issuedAt: new Date(),
      resources: ['farcaster://fid/1000'],
    })
    await forward(forged.channelToken, {
      message,
      signature: await signer.signMessage({ message }),
      fid: 1000,
      username: 'alice',
      custody: alice.custody,
    })
    expect(await claim(forged.channelToken, forged.device)).toMatchObject({ status: 400, json: { error: FarcasterReason.badSignature } })
    // A failed verification is final for the channel.
    expect(await claim(forged.channelToken, forged.device)).toMatchObject({ status: 400, json: { error: FarcasterReason.badSignature } })

    // A valid signature by an address that is not fid 1000's custody (devnet account 5 owns fid 1005).
    const stranger = await start()
    await authenticate(stranger.channelToken, { fid: 1000, custodyKey: devnetAccounts[5]!.privateKey })
    expect(await claim(stranger.channelToken, stranger.device)).toMatchObject({
      status: 400,
      json: { error: FarcasterReason.notOwner(1000) },
    })

    // An unregistered fid: the registry says the zero address.
    const unregistered = await start()
    await authenticate(unregistered.channelToken, { fid: 5, custodyKey: alice.privateKey })
    expect(await claim(unregistered.channelToken, unregistered.device)).toMatchObject({
      status: 400,
      json: { error: FarcasterReason.notOwner(5) },
    })

    // Signed for another site.
    const phished = await start()
    await authenticate(phished.channelToken, { fid: 1000, custodyKey: alice.privateKey, domain: 'evil.localhost:4402' })
    expect(await claim(phished.channelToken, phished.device)).toMatchObject({
      status: 400,
      json: { error: FarcasterReason.mismatch('site') },
    })

    // A genuine answer of one channel replayed on another: its nonce is not this attempt's.
    const first = await start()
    await approveFarcasterChannel(first.url)
    const original = (await (
      await localhostFetch(`${farcaster.url}/v1/channel/status`, { headers: { authorization: `Bearer ${first.channelToken}` } })
    ).json()) as Record<string, unknown>
    expect((await claim(first.channelToken, first.device)).status).toBe(200)
    const replayed = await start()
    await forward(replayed.channelToken, {
      message: original.message,
      signature: original.signature,
      fid: original.fid,
      username: original.username,
      custody: original.custody,
    })
    expect(await claim(replayed.channelToken, replayed.device)).toMatchObject({
      status: 400,
      json: { error: FarcasterReason.mismatch('request') },
    })
  })

  it('answers 404 when not configured, 502 when the relay or the registry is down, 400 for a malformed or unknown channel', async () => {
    const bare = createSecureOriginApp({
      origin: ORIGIN,
      widgetOrigin: 'http://widget.localhost:4401',
      keyServiceOrigin: 'http://keys.localhost:4410',
      apiOrigin: 'http://api.localhost:4403',
      db,
      keys: serverKeys(randomBytes(32)),
    })
    expect(await call('/api/farcaster/start', { body: {}, app: bare })).toMatchObject({
      status: 404,
      json: { error: FarcasterReason.unavailable },
    })

    // A port nothing listens on (the stand-in's, once a second one has stopped).
    const gone = await startFarcasterStandIn({ port: 0 })
    await gone.stop()
    const down = secureApp({ farcaster: { relayUrl: gone.url, fetch: localhostFetch } })
    expect(await call('/api/farcaster/start', { body: {}, app: down })).toMatchObject({
      status: 502,
      json: { error: FarcasterReason.relayDown },
    })

    const noRegistry = secureApp({
      farcaster: { relayUrl: farcaster.url, fetch: localhostFetch, custodyOf: () => Promise.reject(new Error('RPC down')) },
    })
    const started = await call('/api/farcaster/start', { body: {}, app: noRegistry })
    await approveFarcasterChannel(started.json.url as string)
    const device = started.json.deviceToken as string
    const channelToken = started.json.channelToken as string
    const retry = () => call('/api/farcaster/claim', { body: { channelToken }, device, app: noRegistry })
    expect(await retry()).toMatchObject({ status: 502, json: { error: FarcasterReason.registryDown } })
    // A passing outage does not burn the sign-in: the same channel is claimed once the registry answers.
    expect((await claim(channelToken, device)).status).toBe(200)

    expect((await call('/api/farcaster/claim', { body: { channelToken: 'a b' } })).status).toBe(400)
    expect(await claim('00000000-0000-4000-8000-000000000000', 'x'.repeat(43))).toMatchObject({
      status: 400,
      json: { error: FarcasterReason.unknownChannel },
    })
    // Same-origin only, as every /api call.
    expect((await call('/api/farcaster/start', { body: {}, origin: 'http://evil.localhost' })).status).toBe(403)
  })
})
