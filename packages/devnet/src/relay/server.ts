import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { checkRelayAuth } from './auth'
import { formatError, formatRequest, formatResult, nextRawId, parseFrame, type RawId } from './jsonrpc'

/**
 * A local stand-in for the WalletConnect relay (relay.walletconnect.org), speaking what
 * @walletconnect/core 2.25 (sign-client, universal-provider, walletkit) sends. Found by running
 * them against it with `debug: true`:
 *
 * - `irn_subscribe {topic}` → a subscription id (the clients compute their own,
 *   sha256(topic + clientId), and only check the answer is truthy; we answer the same value);
 *   `irn_batchSubscribe {topics}` on every (re)connect → the ids; `irn_unsubscribe {topic, id}`;
 *   `irn_batchUnsubscribe {subscriptions}`; `irn_batchFetchMessages {topics}` (not called by
 *   2.25, answered anyway).
 * - `irn_publish {topic, message, ttl, tag, prompt?, attestation?, correlationId?, …}` → true.
 * - `wc_proposeSession {pairingTopic, sessionProposal, ttl, attestation?, correlationId}`: the
 *   dapp never sends irn_subscribe for the pairing topic (it pairs with `skipSubscribe`): the
 *   relay subscribes it and publishes the proposal on that topic (tag 1100).
 * - `wc_approveSession {sessionTopic, pairingTopic, sessionProposalResponse,
 *   sessionSettlementRequest, ttl, correlationId}`: the wallet is subscribed to the session topic
 *   by the relay; the response goes out on the pairing topic (tag 1101) and the settle request
 *   on the session topic (tag 1102), where the dapp subscribes only after reading the response.
 * - Delivery is the request `irn_subscription {id, data: {topic, message, publishedAt, tag,
 *   attestation?}}`; the client answers `true`, after which the message is never redelivered to
 *   that client id. Messages wait for later subscribers until their ttl (seconds) runs out.
 * - Every request id is a 19-digit number (> 2^53): echoed verbatim (see jsonrpc.ts).
 * - Node clients terminate a socket that has not seen a WebSocket ping for 35 s.
 */
export interface StartRelayOptions {
  /** 0 picks a free port. */
  port: number
  host?: string
  /**
   * The URL clients are given when a proxy is in front (`wss://relay.localhost` in the compose
   * `devnet` profile): a loopback JWT `aud` is held to its port rather than the one listened on.
   */
  publicUrl?: string
  /** WebSocket ping period; a socket that has not answered the previous ping is terminated. */
  pingIntervalMs?: number
  /** Connection events and refusals; with `debug`, every frame too. */
  log?: (line: string) => void
  /** Log every frame in and out (truncated). Also on when AIRLOCK_RELAY_DEBUG=1. */
  debug?: boolean
  /** Upper bound for a message's ttl in seconds (default 30 days, like the public relay). */
  maxTtlSeconds?: number
}

export interface RelayStats {
  /** Open sockets. */
  connections: number
  /** Distinct client ids among the open sockets. */
  clients: number
  /** Topics with at least one subscribed socket. */
  topics: number
  /** Messages kept for later subscribers (not yet expired). */
  storedMessages: number
  published: number
  delivered: number
  acked: number
  /** Upgrades refused with 401. */
  refused: number
  /** Requests received per method. */
  methods: Record<string, number>
}

export interface Relay {
  /** `ws://host:port` (or `publicUrl`), what clients take as `relayUrl`. */
  url: string
  host: string
  port: number
  readonly stats: RelayStats
  /** Terminates every socket (as a network drop would) but keeps the stored messages. */
  dropAllConnections(): void
  /** Closes every socket and the server; stored messages are lost, as on a real relay restart. Idempotent. */
  stop(): Promise<void>
}

interface Connection {
  id: number
  ws: WebSocket
  clientId: string
  topics: Set<string>
  /** irn_subscription requests sent and not yet answered, by the digits of their id. */
  inflight: Map<string, StoredMessage>
  alive: boolean
}

interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  tag: number
  expiresAt: number
  attestation?: string
  sender: string
  ackedBy: Set<string>
  /** Sockets it is in flight to; a socket gets a message once. */
  sentTo: Set<Connection>
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const DEFAULT_TTL = 300
const THIRTY_DAYS = 30 * 24 * 3600
/** Tags the public relay puts on the messages it publishes for wc_proposeSession / wc_approveSession. */
const TAG = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const

const subscriptionId = (topic: string, clientId: string) =>
  createHash('sha256')
    .update(topic + clientId)
    .digest('hex')

/**
 * The clients parse our 19-digit id into a BigInt and answer with it serialised by safe-json as
 * the string "1795340170653000001n"; match on the digits.
 */
const ackKey = (rawId: RawId) => rawId.replace(/^"(.*)"$/, '$1').replace(/n$/, '')

const truncate = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text)

function asObject(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new RpcError(-32602, 'Invalid params: expected an object')
  return value as Record<string, unknown>
}

function stringParam(params: Record<string, unknown>, name: string): string {
  const value = params[name]
  if (typeof value !== 'string' || value.length === 0) throw new RpcError(-32602, `Invalid params: "${name}" must be a non-empty string`)
  return value
}

function topicsParam(params: Record<string, unknown>): string[] {
  const topics = params.topics
  if (!Array.isArray(topics) || !topics.every((t) => typeof t === 'string' && t.length > 0))
    throw new RpcError(-32602, 'Invalid params: "topics" must be an array of strings')
  return topics as string[]
}

export async function startRelay(options: StartRelayOptions): Promise<Relay> {
  const host = options.host ?? '127.0.0.1'
  const pingIntervalMs = options.pingIntervalMs ?? 15_000
  const maxTtl = options.maxTtlSeconds ?? THIRTY_DAYS
  const log = options.log ?? (() => {})
  const debug = options.debug ?? process.env.AIRLOCK_RELAY_DEBUG === '1'
  const trace = debug ? (line: string) => log(line) : () => {}

  const connections = new Set<Connection>()
  const subscribers = new Map<string, Set<Connection>>()
  const messages = new Map<string, StoredMessage[]>()
  const counters = { published: 0, delivered: 0, acked: 0, refused: 0 }
  const methods: Record<string, number> = {}
  let nextConnectionId = 1
  let stopped = false
  let port = options.port
  const publicUrl = options.publicUrl ? new URL(options.publicUrl) : undefined
  if (publicUrl && publicUrl.protocol !== 'ws:' && publicUrl.protocol !== 'wss:')
    throw new Error(`The relay's publicUrl must be a ws:// or wss:// URL, not ${options.publicUrl}`)
  const publicPort = publicUrl ? Number(publicUrl.port || (publicUrl.protocol === 'wss:' ? 443 : 80)) : undefined

  const label = (conn: Connection) => `#${conn.id} ${conn.clientId.slice(-8)}`

  function send(conn: Connection, text: string): void {
    if (conn.ws.readyState !== conn.ws.OPEN) return
    trace(`→ ${label(conn)} ${truncate(text)}`)
    conn.ws.send(text)
  }

  function live(topic: string, now = Date.now()): StoredMessage[] {
    const list = messages.get(topic)
    if (!list) return []
    const kept = list.filter((m) => m.expiresAt > now)
    if (kept.length === 0) messages.delete(topic)
    else if (kept.length !== list.length) messages.set(topic, kept)
    return kept
  }

  function sweep(): void {
    const now = Date.now()
    for (const topic of [...messages.keys()]) live(topic, now)
  }

  function deliver(conn: Connection, stored: StoredMessage): void {
    if (stored.sender === conn.clientId || stored.ackedBy.has(conn.clientId) || stored.sentTo.has(conn)) return
    if (stored.expiresAt <= Date.now() || conn.ws.readyState !== conn.ws.OPEN) return
    const rawId = nextRawId()
    conn.inflight.set(rawId, stored)
    stored.sentTo.add(conn)
    counters.delivered++
    const data = {
      topic: stored.topic,
      message: stored.message,
      publishedAt: stored.publishedAt,
      tag: stored.tag,
      ...(stored.attestation !== undefined ? { attestation: stored.attestation } : {}),
    }
    send(conn, formatRequest(rawId, 'irn_subscription', { id: subscriptionId(stored.topic, conn.clientId), data }))
  }

  /** Subscribes and returns the deliveries of stored messages, to run after the answer is sent. */
  function subscribe(conn: Connection, topic: string): () => void {
    conn.topics.add(topic)
    let set = subscribers.get(topic)
    if (!set) subscribers.set(topic, (set = new Set()))
    set.add(conn)
    return () => {
      for (const stored of live(topic)) deliver(conn, stored)
    }
  }

  function unsubscribe(conn: Connection, topic: string): void {
    conn.topics.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(conn)
    if (set?.size === 0) subscribers.delete(topic)
  }

  function publish(sender: string, topic: string, message: string, params: Record<string, unknown>, tag: number): void {
    const ttlParam = params.ttl
    if (ttlParam !== undefined && (typeof ttlParam !== 'number' || !(ttlParam > 0)))
      throw new RpcError(-32602, 'Invalid params: "ttl" must be a positive number of seconds')
    const ttl = Math.min(ttlParam ?? DEFAULT_TTL, maxTtl)
    counters.published++
    const existing = live(topic).find((m) => m.message === message)
    // A client re-publishing after a lost answer: keep one copy; subscribers that saw it already are skipped.
    const stored: StoredMessage = existing ?? {
      topic,
      message,
      publishedAt: Date.now(),
      tag,
      expiresAt: Date.now() + ttl * 1000,
      sender,
      ackedBy: new Set(),
      sentTo: new Set(),
      ...(typeof params.attestation === 'string' ? { attestation: params.attestation } : {}),
    }
    if (!existing) {
      const list = messages.get(topic)
      if (list) list.push(stored)
      else messages.set(topic, [stored])
    }
    for (const conn of subscribers.get(topic) ?? []) deliver(conn, stored)
  }

  function tagParam(params: Record<string, unknown>, fallback: number): number {
    const tag = params.tag
    return typeof tag === 'number' && Number.isInteger(tag) ? tag : fallback
  }

  /** Handles one request; returns the result and what to do once it is sent. */
  function handle(conn: Connection, method: string, rawParams: unknown): { result: unknown; after?: () => void } {
    switch (method) {
      case 'irn_subscribe': {
        const topic = stringParam(asObject(rawParams), 'topic')
        return { result: subscriptionId(topic, conn.clientId), after: subscribe(conn, topic) }
      }
      case 'irn_batchSubscribe': {
        const topics = topicsParam(asObject(rawParams))
        const afters = topics.map((topic) => subscribe(conn, topic))
        return { result: topics.map((topic) => subscriptionId(topic, conn.clientId)), after: () => afters.forEach((f) => f()) }
      }
      case 'irn_unsubscribe': {
        unsubscribe(conn, stringParam(asObject(rawParams), 'topic'))
        return { result: true }
      }
      case 'irn_batchUnsubscribe': {
        const subs = asObject(rawParams).subscriptions
        if (!Array.isArray(subs)) throw new RpcError(-32602, 'Invalid params: "subscriptions" must be an array of {topic, id}')
        for (const sub of subs) unsubscribe(conn, stringParam(asObject(sub), 'topic'))
        return { result: true }
      }
      case 'irn_publish': {
        const params = asObject(rawParams)
        publish(conn.clientId, stringParam(params, 'topic'), stringParam(params, 'message'), params, tagParam(params, 0))
        return { result: true }
      }
      case 'irn_batchFetchMessages': {
        const topics = topicsParam(asObject(rawParams))
        const found = topics.flatMap((topic) => live(topic).filter((m) => m.sender !== conn.clientId && !m.ackedBy.has(conn.clientId)))
        for (const m of found) m.ackedBy.add(conn.clientId)
        const list = found.map((m) => ({
          topic: m.topic,
          message: m.message,
          publishedAt: m.publishedAt,
          tag: m.tag,
          ...(m.attestation !== undefined ? { attestation: m.attestation } : {}),
        }))
        return { result: { messages: list, hasMore: false } }
      }
      case 'wc_proposeSession': {
        const params = asObject(rawParams)
        const pairingTopic = stringParam(params, 'pairingTopic')
        const proposal = stringParam(params, 'sessionProposal')
        const after = subscribe(conn, pairingTopic)
        publish(conn.clientId, pairingTopic, proposal, params, TAG.sessionPropose)
        return { result: true, after }
      }
      case 'wc_approveSession': {
        const params = asObject(rawParams)
        const sessionTopic = stringParam(params, 'sessionTopic')
        const pairingTopic = stringParam(params, 'pairingTopic')
        const response = stringParam(params, 'sessionProposalResponse')
        const settle = stringParam(params, 'sessionSettlementRequest')
        const after = subscribe(conn, sessionTopic)
        publish(conn.clientId, pairingTopic, response, params, TAG.sessionProposeResponse)
        publish(conn.clientId, sessionTopic, settle, params, TAG.sessionSettle)
        return { result: true, after }
      }
      default:
        throw new RpcError(-32601, `Method not found: ${method}`)
    }
  }

  function onFrame(conn: Connection, data: RawData, isBinary: boolean): void {
    const text = isBinary ? '' : data.toString()
    trace(`← ${label(conn)} ${truncate(text)}`)
    let frame: ReturnType<typeof parseFrame>
    try {
      frame = parseFrame(text)
    } catch {
      send(conn, formatError(undefined, -32700, 'Parse error: expected a JSON-RPC object'))
      return
    }
    const { rawId, message } = frame
    if (typeof message.method !== 'string') {
      // An answer to our irn_subscription.
      const key = rawId === undefined ? undefined : ackKey(rawId)
      const stored = key === undefined ? undefined : conn.inflight.get(key)
      if (!stored || key === undefined) return
      conn.inflight.delete(key)
      if ('error' in message) {
        stored.sentTo.delete(conn)
      } else {
        stored.ackedBy.add(conn.clientId)
        counters.acked++
      }
      return
    }
    const method = message.method
    methods[method] = (methods[method] ?? 0) + 1
    if (rawId === undefined) return // a notification: nothing to answer
    try {
      const { result, after } = handle(conn, method, message.params)
      send(conn, formatResult(rawId, result))
      after?.()
    } catch (error) {
      if (error instanceof RpcError) send(conn, formatError(rawId, error.code, error.message))
      else {
        log(`relay: ${method} failed: ${(error as Error).stack ?? String(error)}`)
        send(conn, formatError(rawId, -32603, 'Internal error'))
      }
    }
  }

  function onConnection(ws: WebSocket, clientId: string, projectId: string): void {
    const conn: Connection = { id: nextConnectionId++, ws, clientId, topics: new Set(), inflight: new Map(), alive: true }
    connections.add(conn)
    log(`relay: ${label(conn)} connected (client ${clientId}, project ${projectId})`)
    ws.on('pong', () => {
      conn.alive = true
    })
    ws.on('message', (data, isBinary) => onFrame(conn, data, isBinary))
    ws.on('error', (error) => log(`relay: ${label(conn)} socket error: ${error.message}`))
    ws.on('close', (code) => {
      connections.delete(conn)
      for (const topic of [...conn.topics]) unsubscribe(conn, topic)
      for (const stored of conn.inflight.values()) stored.sentTo.delete(conn)
      conn.inflight.clear()
      log(`relay: ${label(conn)} closed (${code})`)
    })
  }

  function refuse(socket: Duplex, reason: string): void {
    counters.refused++
    log(`relay: refused a connection: ${reason}`)
    const body = `401 Unauthorized: ${reason}\n`
    socket.end(
      `HTTP/1.1 401 Unauthorized\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 })
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://relay').pathname
    if (path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(relay.stats))
      return
    }
    res
      .writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' })
      .end('Airlock devnet WalletConnect relay: connect with a WebSocket (relayUrl), /health for stats.\n')
  })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {})
    const query = new URL(req.url ?? '/', 'http://relay').searchParams
    void checkRelayAuth(query, { port: publicPort ?? port }).then((auth) => {
      if (stopped) return void socket.destroy()
      if (!auth.ok) return refuse(socket, auth.reason)
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, auth.clientId, auth.projectId))
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Cannot start the WalletConnect relay: port ${options.port} on ${host} is already in use (a running "npm start"?)`, {
              cause: error,
            })
          : error,
      ),
    )
    server.listen(options.port, host, () => {
      server.removeAllListeners('error')
      server.on('error', (error) => log(`relay: server error: ${error.message}`))
      resolve()
    })
  })
  port = (server.address() as AddressInfo).port

  const pinger = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        log(`relay: ${label(conn)} did not answer a ping, terminating`)
        conn.ws.terminate()
        continue
      }
      conn.alive = false
      conn.ws.ping()
    }
    sweep()
  }, pingIntervalMs)
  pinger.unref()

  let stopping: Promise<void> | undefined
  const relay: Relay = {
    url: publicUrl ? publicUrl.href.replace(/\/$/, '') : `ws://${host.includes(':') ? `[${host}]` : host}:${port}`,
    host,
    port,
    get stats(): RelayStats {
      sweep()
      return {
        connections: connections.size,
        clients: new Set([...connections].map((c) => c.clientId)).size,
        topics: subscribers.size,
        storedMessages: [...messages.values()].reduce((n, list) => n + list.length, 0),
        ...counters,
        methods: { ...methods },
      }
    },
    dropAllConnections() {
      for (const conn of connections) conn.ws.terminate()
    },
    stop() {
      stopping ??= (async () => {
        stopped = true
        clearInterval(pinger)
        const closed = [...connections].map((conn) => new Promise<void>((resolve) => conn.ws.once('close', () => resolve())))
        for (const conn of connections) conn.ws.close(1001, 'relay stopping')
        const timer = setTimeout(() => {
          for (const conn of connections) conn.ws.terminate()
        }, 1000)
        await Promise.all(closed)
        clearTimeout(timer)
        wss.close()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
        messages.clear()
        log(`relay: stopped ${relay.url}`)
      })()
      return stopping
    },
  }
  log(`relay: listening on ${relay.url}`)
  return relay
}
