import { request as httpRequest } from 'node:http'
import { verifyMessage, zeroAddress, type Hex } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import {
  approveFarcasterChannel,
  farcasterDevnetAccounts,
  localhostFetch,
  standInCustodyOf,
  startFarcasterStandIn,
  type FarcasterStandIn,
  type StartFarcasterStandInOptions,
} from './index'

const DOMAIN = 'secure.localhost:4402'
const SIWE_URI = 'http://secure.localhost:4402'

let standIn: FarcasterStandIn | undefined
afterEach(async () => {
  await standIn?.stop()
  standIn = undefined
})

async function start(options: Partial<StartFarcasterStandInOptions> = {}) {
  standIn = await startFarcasterStandIn({ port: 0, ...options })
  return standIn
}

async function json(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {}
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const response = await localhostFetch(`${standIn!.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const createChannel = (body: Record<string, unknown> = {}) =>
  json('/v1/channel', { body: { siweUri: SIWE_URI, domain: DOMAIN, nonce: 'abcdef0123456789', ...body } })

describe('Farcaster stand-in', () => {
  it('runs the AuthKit flow: channel, QR url, the app page, Approve, a completed status with a real SIWE signature', async () => {
    const farcaster = await start()
    expect(farcaster.url).toMatch(/^http:\/\/farcaster\.localhost:\d+$/)
    const expirationTime = new Date(Date.now() + 600_000).toISOString()
    const created = await createChannel({ expirationTime, requestId: 'login-1' })
    expect(created.status).toBe(201)
    const { channelToken, url, nonce } = created.body as { channelToken: string; url: string; nonce: string }
    expect(channelToken).toMatch(/^[0-9a-f-]{36}$/)
    expect(url).toBe(`${farcaster.url}/~/siwf?channelToken=${channelToken}`)
    expect(nonce).toBe('abcdef0123456789')

    expect(await json('/v1/channel/status', { token: channelToken })).toEqual({ status: 202, body: { state: 'pending', nonce, url } })

    // The "Farcaster app": script-free, shows who asks and as whom.
    const page = await localhostFetch(url)
    expect(page.status).toBe(200)
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("form-action 'self'")
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await page.text()
    expect(html).not.toContain('<script')
    expect(html).toContain(`<span id="domain">${DOMAIN}</span>`)
    expect(html).toContain('Sign in as @alice (fid 1000)')
    expect(html).toContain('value="approve">Approve</button>')
    expect(html).toContain('value="cancel">Cancel</button>')

    expect(await approveFarcasterChannel(url)).toEqual({ approved: true, fid: 1000, username: 'alice' })
    const status = await json('/v1/channel/status', { token: channelToken })
    expect(status.status).toBe(200)
    const completed = status.body as Record<string, unknown> & { message: string; signature: Hex }
    expect(completed).toMatchObject({
      state: 'completed',
      nonce,
      url,
      fid: 1000,
      username: 'alice',
      displayName: 'Alice',
      pfpUrl: `${farcaster.url}/pfp/1000.svg`,
      custody: devnetAccounts[0]!.address,
      verifications: [],
      signatureParams: { siweUri: SIWE_URI, domain: DOMAIN, nonce, expirationTime, requestId: 'login-1' },
    })

    // What a relying party checks.
    const message = parseSiweMessage(completed.message)
    expect(message).toMatchObject({
      domain: DOMAIN,
      address: devnetAccounts[0]!.address,
      statement: 'Farcaster Auth',
      uri: SIWE_URI,
      version: '1',
      chainId: 10,
      nonce,
      requestId: 'login-1',
      resources: ['farcaster://fid/1000'],
    })
    expect(message.expirationTime?.toISOString()).toBe(expirationTime)
    expect(validateSiweMessage({ message, domain: DOMAIN, nonce, address: devnetAccounts[0]!.address })).toBe(true)
    expect(await verifyMessage({ address: devnetAccounts[0]!.address, message: completed.message, signature: completed.signature })).toBe(
      true,
    )
    expect(await standInCustodyOf(farcaster.url)(1000)).toBe(devnetAccounts[0]!.address)

    // Answered once: the page and the relay refuse a second answer.
    expect((await localhostFetch(url)).status).toBe(409)
    const again = await json('/v1/channel/authenticate', { token: channelToken, body: { ...completed } })
    expect(again).toEqual({ status: 409, body: { error: 'This channel is already completed' } })
  })

  it('signs in as another devnet account by fid, with that account as custody', async () => {
    const farcaster = await start()
    const { body } = await createChannel()
    const page = await (await localhostFetch(`${body.url as string}&fid=1003`)).text()
    expect(page).toContain('Sign in as @dave (fid 1003)')
    expect(page).toContain(`fid=1000">@alice (fid 1000)</a>`) // the switch links keep the channel
    await expect(approveFarcasterChannel(body.url as string, { fid: 999 })).rejects.toThrow('answered 400 at /~/siwf: Unknown account')
    expect(await approveFarcasterChannel(body.url as string, { fid: 1003 })).toMatchObject({ fid: 1003, username: 'dave' })
    const status = (await json('/v1/channel/status', { token: body.channelToken as string })).body
    expect(status.custody).toBe(devnetAccounts[3]!.address)
    expect(parseSiweMessage(status.message as string).resources).toEqual(['farcaster://fid/1003'])
    expect(farcaster.custodyOf(1003)).toBe(devnetAccounts[3]!.address)
    expect(farcasterDevnetAccounts).toHaveLength(devnetAccounts.length)
  })

  it('Cancel leaves the channel pending (the relay has no declined state); a channel dies after its TTL', async () => {
    let time = Date.now()
    await start({ channelTtlSeconds: 60, now: () => time })
    const { body } = await createChannel()
    const token = body.channelToken as string
    expect(await approveFarcasterChannel(body.url as string, { cancel: true })).toMatchObject({ approved: false })
    expect((await json('/v1/channel/status', { token })).body.state).toBe('pending')

    time += 60_000
    expect(await json('/v1/channel/status', { token })).toEqual({ status: 401, body: { error: 'Unauthorized' } })
    const page = await localhostFetch(body.url as string)
    expect(page.status).toBe(404)
    expect(await page.text()).toContain('unknown or has expired')
    await expect(approveFarcasterChannel(body.url as string)).rejects.toThrow('answered 404 at /~/siwf: Sign-in request expired')
  })

  it('refuses unknown channels, malformed requests and foreign Host names', async () => {
    const farcaster = await start()
    expect((await json('/v1/channel/status')).status).toBe(401)
    expect((await json('/v1/channel/status', { token: '00000000-0000-4000-8000-000000000000' })).status).toBe(401)
    expect((await json('/v1/channel', { body: { siweUri: SIWE_URI } })).status).toBe(400)
    expect((await createChannel({ nonce: 'short' })).body.error).toMatch(/nonce/)
    expect((await createChannel({ domain: 'not a domain' })).status).toBe(400)
    expect((await createChannel({ expirationTime: 'tomorrow' })).body.error).toMatch(/expirationTime/)
    expect((await json('/v1/channel', { method: 'GET' })).status).toBe(405)
    // A nonce is made when the relying party gives none.
    expect((await createChannel({ nonce: undefined })).body.nonce).toMatch(/^[0-9a-f]{24}$/)

    const { body } = await createChannel()
    const bad = await json('/v1/channel/authenticate', {
      token: body.channelToken as string,
      body: { message: 'x', signature: 'nope', fid: 1, username: 'a', custody: zeroAddress },
    })
    expect(bad).toEqual({ status: 400, body: { error: 'signature must be hex' } })

    // DNS rebinding: a page on another name that resolves here gets nothing.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: farcaster.port, path: '/v1/custody?fid=1000', headers: { host: 'evil.example' } },
        (res) => {
          res.resume()
          resolve(res.statusCode!)
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(421)
  })

  it('binds loopback only unless anyHost (a container on its private network)', async () => {
    await expect(startFarcasterStandIn({ port: 0, host: '0.0.0.0' })).rejects.toThrow('loopback only')
    await start({ host: '0.0.0.0', anyHost: true })
    expect((await createChannel()).status).toBe(201)
  })

  it('answers custody like the IdRegistry (zero address for an unregistered fid) and escapes what it shows', async () => {
    await start()
    expect(await json('/v1/custody?fid=1001')).toEqual({ status: 200, body: { fid: 1001, custody: devnetAccounts[1]!.address } })
    expect(await json('/v1/custody?fid=5')).toEqual({ status: 200, body: { fid: 5, custody: zeroAddress } })
    expect((await json('/v1/custody?fid=x')).status).toBe(400)

    const { body, status } = await createChannel({ siweUri: "https://example.com/login?next=%22%3Cb%3E&a='x'" })
    expect(status).toBe(201)
    const html = await (await localhostFetch(body.url as string)).text()
    expect(html).toContain('https://example.com/login?next=%22%3Cb%3E&#38;a=&#39;x&#39;')
  })
})
