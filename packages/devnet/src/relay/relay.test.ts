import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { signRelayJwt } from './auth'
import { parseFrame, rawTopLevelId } from './jsonrpc'
import { startRelay, type Relay } from './server'

/** A bare relay client: signs its own JWT, sends frames with chosen raw ids, sees every frame. */
interface RawClient {
  ws: WebSocket
  clientId: string
  frames: string[]
  /** Sends `{"id":<rawId>,…}` and resolves with the raw text of the answer. */
  call(method: string, params: unknown, rawId?: string): Promise<string>
  /** irn_subscription requests received so far (not yet consumed by take). */
  deliveries(): { rawId: string; data: { topic: string; message: string; tag: number; publishedAt: number } }[]
  waitForDelivery(
    timeoutMs?: number,
  ): Promise<{ rawId: string; data: { topic: string; message: string; tag: number; publishedAt: number } }>
  ack(rawId: string): void
  close(): Promise<void>
}

const topic = () => randomBytes(32).toString('hex')
let idCounter = 0
const nextId = () => `17953401706${String(++idCounter).padStart(8, '0')}`

async function rawClient(relay: Relay, options: { seed?: Uint8Array; projectId?: string } = {}): Promise<RawClient> {
  const { jwt, clientId } = await signRelayJwt({ aud: relay.url, seed: options.seed })
  const ws = new WebSocket(`${relay.url}/?auth=${jwt}&projectId=${options.projectId ?? 'test'}&ua=raw-test`)
  const frames: string[] = []
  const waiters: (() => void)[] = []
  let consumed = 0
  ws.on('message', (data) => {
    frames.push(data.toString())
    for (const w of waiters.splice(0)) w()
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const waitFor = <T>(pick: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs)
      const check = () => {
        const found = pick()
        if (found !== undefined) {
          clearTimeout(timer)
          resolve(found)
        } else waiters.push(check)
      }
      check()
    })
  const subscriptionFrames = () =>
    frames
      .map((text) => ({ text, parsed: parseFrame(text) }))
      .filter((f) => f.parsed.message.method === 'irn_subscription')
      .map((f) => ({ rawId: f.parsed.rawId!, data: (f.parsed.message.params as { data: never }).data }))
  return {
    ws,
    clientId,
    frames,
    call(method, params, rawId = nextId()) {
      ws.send(`{"id":${rawId},"jsonrpc":"2.0","method":"${method}","params":${JSON.stringify(params)}}`)
      return waitFor(() => frames.find((f) => rawTopLevelId(f) === rawId && !f.includes('"method"')), 2000, `the answer to ${method}`)
    },
    deliveries: () => subscriptionFrames(),
    waitForDelivery(timeoutMs = 2000) {
      return waitFor(
        () => {
          const all = subscriptionFrames()
          if (all.length <= consumed) return undefined
          return all[consumed++]
        },
        timeoutMs,
        'an irn_subscription',
      )
    },
    ack(rawId) {
      ws.send(`{"id":${rawId},"jsonrpc":"2.0","result":true}`)
    },
    close() {
      if (ws.readyState === ws.CLOSED) return Promise.resolve()
      return new Promise((resolve) => {
        ws.once('close', () => resolve())
        ws.close()
      })
    },
  }
}

/** Opens a WebSocket and reports the HTTP refusal, if any. */
function upgrade(url: string): Promise<{ status: number; body: string } | 'open'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('open', () => {
      ws.close()
      resolve('open')
    })
    ws.once('unexpected-response', (_req, res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    ws.once('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error)
    })
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('jsonrpc framing', () => {
  it('reads the top-level id verbatim, whatever precedes it and however deep other ids are', () => {
    expect(rawTopLevelId('{"id":1795340170634710784,"method":"x"}')).toBe('1795340170634710784')
    expect(rawTopLevelId('{ "params" : {"id": 1, "a": [ {"id":2} , "}" ]}, "id" : "17953401706347107840" }')).toBe('"17953401706347107840"')
    expect(rawTopLevelId('{"jsonrpc":"2.0","result":{"id":5}}')).toBeUndefined()
    expect(parseFrame('{"id":12345678901234567890,"jsonrpc":"2.0"}').rawId).toBe('12345678901234567890')
    expect(parseFrame('{"id":{"x":1}}').rawId).toBeUndefined()
  })
})

describe('relay (raw clients)', () => {
  let relay: Relay
  const clients: RawClient[] = []
  const client = async (options?: Parameters<typeof rawClient>[1]) => {
    const c = await rawClient(relay, options)
    clients.push(c)
    return c
  }

  beforeAll(async () => {
    relay = await startRelay({ port: 0 })
  })
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()))
  })
  afterAll(async () => {
    await relay.stop()
  })

  it('echoes 19-digit ids (numbers above 2^53, and strings) without rounding', async () => {
    const a = await client()
    const big = '1795340170634710784'
    expect(Number(big) > Number.MAX_SAFE_INTEGER).toBe(true)
    const answer = await a.call('irn_subscribe', { topic: topic() }, big)
    expect(answer.startsWith(`{"id":${big},`)).toBe(true)
    const stringId = '"1795340170652479232"'
    expect(await a.call('irn_publish', { topic: topic(), message: 'x', ttl: 30, tag: 0 }, stringId)).toBe(
      `{"id":${stringId},"jsonrpc":"2.0","result":true}`,
    )
    expect(JSON.parse(await a.call('irn_nope', {}, '9007199254740993')).error.code).toBe(-32601)
    expect(await a.call('irn_nope', {}, '9007199254740993')).toContain('"id":9007199254740993,')
    expect(JSON.parse(await a.call('irn_subscribe', { topic: 7 })).error.code).toBe(-32602)
  })

  it('keeps a message for a later subscriber, delivers it once per client and never to its sender', async () => {
    const [seed, seedA] = [randomBytes(32), randomBytes(32)]
    const [a, b, a2, aOther] = [await client({ seed: seedA }), await client({ seed }), await client(), await client({ seed: seedA })]
    const t = topic()
    await a.call('irn_subscribe', { topic: t })
    // The publisher's other socket (same client id) must not get it either.
    await aOther.call('irn_subscribe', { topic: t })
    await a.call('irn_publish', { topic: t, message: 'hello', ttl: 60, tag: 1108, prompt: false })
    // Published before anyone else subscribed: kept, and not sent back to the publisher.
    const subscriptionId = JSON.parse(await b.call('irn_subscribe', { topic: t })).result
    expect(subscriptionId).toMatch(/^[0-9a-f]{64}$/)
    const delivery = await b.waitForDelivery()
    expect(delivery.rawId).toMatch(/^\d{19}$/)
    expect(delivery.data).toMatchObject({ topic: t, message: 'hello', tag: 1108 })
    expect(Math.abs(delivery.data.publishedAt - Date.now())).toBeLessThan(5000)
    // The clients answer with the id as a string ending in "n" (a BigInt through safe-json).
    b.ack(`"${delivery.rawId}n"`)
    await sleep(50)
    expect(a.deliveries()).toEqual([])
    expect(aOther.deliveries()).toEqual([])

    // The same client (same key) on a new socket: acked, so not sent again.
    await b.close()
    const b2 = await client({ seed })
    expect(b2.clientId).toBe(b.clientId)
    await b2.call('irn_batchSubscribe', { topics: [t] })
    // Another client still gets it.
    await a2.call('irn_subscribe', { topic: t })
    await a2.waitForDelivery()
    await sleep(50)
    expect(b2.deliveries()).toEqual([])
  })

  it('redelivers a message that was never acked when the client subscribes again', async () => {
    const seed = randomBytes(32)
    const [a, b] = [await client(), await client({ seed })]
    const t = topic()
    await b.call('irn_subscribe', { topic: t })
    await a.call('irn_publish', { topic: t, message: 'unacked', ttl: 60 })
    await b.waitForDelivery()
    await b.close()
    const b2 = await client({ seed })
    await b2.call('irn_batchSubscribe', { topics: [t] })
    expect((await b2.waitForDelivery()).data.message).toBe('unacked')
  })

  it('never delivers an expired message', async () => {
    const [a, b] = [await client(), await client()]
    const t = topic()
    await a.call('irn_publish', { topic: t, message: 'short-lived', ttl: 0.15 })
    await a.call('irn_publish', { topic: t, message: 'long-lived', ttl: 60 })
    await sleep(250)
    await b.call('irn_subscribe', { topic: t })
    const delivery = await b.waitForDelivery()
    expect(delivery.data.message).toBe('long-lived')
    b.ack(delivery.rawId)
    await sleep(50)
    expect(b.deliveries().map((d) => d.data.message)).toEqual(['long-lived'])
    expect(JSON.parse(await b.call('irn_batchFetchMessages', { topics: [t] })).result).toEqual({ messages: [], hasMore: false })
    const c = await client()
    const fetched = JSON.parse(await c.call('irn_batchFetchMessages', { topics: [t] })).result
    expect(fetched.messages.map((m: { message: string }) => m.message)).toEqual(['long-lived'])
  })

  it('stops delivering after irn_unsubscribe / irn_batchUnsubscribe', async () => {
    const [a, b] = [await client(), await client()]
    const [t1, t2] = [topic(), topic()]
    await b.call('irn_batchSubscribe', { topics: [t1, t2] })
    await b.call('irn_unsubscribe', { topic: t1, id: 'x' })
    await b.call('irn_batchUnsubscribe', { subscriptions: [{ topic: t2, id: 'y' }] })
    await a.call('irn_publish', { topic: t1, message: 'm1', ttl: 60 })
    await a.call('irn_publish', { topic: t2, message: 'm2', ttl: 60 })
    await sleep(50)
    expect(b.deliveries()).toEqual([])
  })

  it('carries messages between clients of different projects (a dapp and a wallet from elsewhere)', async () => {
    const [dapp, wallet] = [await client({ projectId: 'demo' }), await client({ projectId: 'foreign-wallet-project' })]
    const t = topic()
    expect(JSON.parse(await wallet.call('irn_subscribe', { topic: t })).result).toMatch(/^[0-9a-f]{64}$/)
    await dapp.call('irn_publish', { topic: t, message: 'to the wallet', ttl: 60, tag: 1108 })
    expect((await wallet.waitForDelivery()).data).toMatchObject({ topic: t, message: 'to the wallet', tag: 1108 })
    await dapp.call('irn_subscribe', { topic: t })
    await wallet.call('irn_publish', { topic: t, message: 'to the dapp', ttl: 60, tag: 1109 })
    expect((await dapp.waitForDelivery()).data).toMatchObject({ topic: t, message: 'to the dapp', tag: 1109 })
  })

  it('wc_proposeSession and wc_approveSession subscribe their sender and publish with the session tags', async () => {
    const [dapp, wallet] = [await client(), await client()]
    const [pairing, session] = [topic(), topic()]
    expect(
      JSON.parse(await dapp.call('wc_proposeSession', { pairingTopic: pairing, sessionProposal: 'proposal', ttl: 300, correlationId: 1 }))
        .result,
    ).toBe(true)
    await wallet.call('irn_subscribe', { topic: pairing })
    expect((await wallet.waitForDelivery()).data).toMatchObject({ topic: pairing, message: 'proposal', tag: 1100 })
    const approve = {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
      correlationId: 1,
    }
    expect(JSON.parse(await wallet.call('wc_approveSession', approve)).result).toBe(true)
    // The dapp never sent irn_subscribe for the pairing topic.
    expect((await dapp.waitForDelivery()).data).toMatchObject({ topic: pairing, message: 'response', tag: 1101 })
    await dapp.call('irn_subscribe', { topic: session })
    expect((await dapp.waitForDelivery()).data).toMatchObject({ topic: session, message: 'settle', tag: 1102 })
    // Nor did the wallet for the session topic.
    await dapp.call('irn_publish', { topic: session, message: 'request', ttl: 300, tag: 1108 })
    expect((await wallet.waitForDelivery()).data).toMatchObject({ topic: session, message: 'request' })
    expect(relay.stats.methods).toMatchObject({ wc_proposeSession: 1, wc_approveSession: 1 })
  })
})

describe('relay auth', () => {
  let relay: Relay
  beforeAll(async () => {
    relay = await startRelay({ port: 0 })
  })
  afterAll(async () => {
    await relay.stop()
  })

  it("accepts a valid JWT with any well-formed projectId: the dapp's, a wallet's own, a public 32-hex one", async () => {
    for (const projectId of ['demo', 'foreign-wallet-project', 'c4f79cc821944d9680842e34466bfbd9']) {
      const { jwt } = await signRelayJwt({ aud: relay.url })
      expect(await upgrade(`${relay.url}/?auth=${jwt}&projectId=${projectId}`), projectId).toBe('open')
    }
  })

  it('refuses with 401 and says why: no JWT, bad signature, expired, malformed projectId, wrong audience', async () => {
    const { jwt } = await signRelayJwt({ aud: relay.url })
    const [head, payload, signature] = jwt.split('.') as [string, string, string]
    const forged = `${head}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    const { jwt: expired } = await signRelayJwt({ aud: relay.url, iat: Math.floor(Date.now() / 1000) - 7200, ttlSeconds: 3600 })
    const { jwt: elsewhere } = await signRelayJwt({ aud: `ws://127.0.0.1:${relay.port === 1 ? 2 : 1}` })
    const cases: [string, RegExp][] = [
      [`${relay.url}/?projectId=demo`, /missing auth/],
      [`${relay.url}/?auth=not-a-jwt&projectId=demo`, /malformed JWT/],
      [`${relay.url}/?auth=${forged}&projectId=demo`, /signature/],
      [`${relay.url}/?auth=${expired}&projectId=demo`, /expired/],
      [`${relay.url}/?auth=${jwt}&projectId=${encodeURIComponent('<script>')}`, /malformed projectId/],
      [`${relay.url}/?auth=${jwt}&projectId=${'a'.repeat(65)}`, /malformed projectId/],
      [`${relay.url}/?auth=${jwt}`, /missing projectId/],
      [`${relay.url}/?auth=${elsewhere}&projectId=demo`, /aud/],
    ]
    for (const [url, reason] of cases) {
      const result = await upgrade(url)
      expect(result, url).not.toBe('open')
      const { status, body } = result as { status: number; body: string }
      expect(status).toBe(401)
      expect(body).toMatch(reason)
    }
    expect(relay.stats.refused).toBe(cases.length)
  })
})

describe('relay behind a proxy', () => {
  it("holds a loopback JWT audience to its publicUrl's port, the one clients were given", async () => {
    const relay = await startRelay({ port: 0, publicUrl: 'wss://relay.localhost' })
    try {
      expect(relay.url).toBe('wss://relay.localhost')
      // The proxy forwards to the port listened on; the client signed the URL it was given.
      const direct = `ws://127.0.0.1:${relay.port}`
      const { jwt } = await signRelayJwt({ aud: relay.url })
      expect(await upgrade(`${direct}/?auth=${jwt}&projectId=demo`)).toBe('open')
      const { jwt: listened } = await signRelayJwt({ aud: direct })
      expect(await upgrade(`${direct}/?auth=${listened}&projectId=demo`)).toMatchObject({ status: 401, body: expect.stringMatching(/aud/) })
    } finally {
      await relay.stop()
    }
    await expect(startRelay({ port: 0, publicUrl: 'https://relay.localhost' })).rejects.toThrow('ws:// or wss://')
  })
})

describe('relay liveness and restart', () => {
  it('pings every interval, terminates a socket that does not answer, and restarts on the same port', async () => {
    const relay = await startRelay({ port: 0, pingIntervalMs: 60 })
    const { jwt } = await signRelayJwt({ aud: relay.url })
    const path = `/?auth=${jwt}&projectId=any`
    const healthy = new WebSocket(`${relay.url}${path}`)
    let pings = 0
    healthy.on('ping', () => pings++)
    await new Promise((resolve) => healthy.once('open', resolve))

    // A socket that completes the handshake and then never answers anything (no pong).
    const mute = connect(relay.port, '127.0.0.1')
    const key = randomBytes(16).toString('base64')
    mute.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    )
    const muteClosed = new Promise<void>((resolve) => mute.once('close', () => resolve()))
    mute.on('error', () => {})
    mute.resume()
    await muteClosed
    expect(pings).toBeGreaterThanOrEqual(2)
    expect(healthy.readyState).toBe(WebSocket.OPEN)

    const closed = new Promise<number>((resolve) => healthy.once('close', (code) => resolve(code)))
    await relay.stop()
    expect(await closed).toBe(1001)
    const again = await startRelay({ port: relay.port })
    try {
      expect(again.url).toBe(relay.url)
      expect(await upgrade(`${again.url}${path}`)).toBe('open')
    } finally {
      await again.stop()
    }
  })
})
