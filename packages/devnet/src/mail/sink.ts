import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Server } from 'node:net'
import { simpleParser, type HeaderValue, type ParsedMail } from 'mailparser'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import { INBOX_PAGE_HEADERS, renderInboxPage } from './inbox-page'
import { DEFAULT_WAIT_MS, describeQuery, matchesQuery, parseWaitParams, type MailQuery } from './query'
import { sendJson } from '../html'
import type { Mail } from './mail'

/** Which mail `waitFor` waits for: a predicate, or a query. */
export type MailMatch = ((mail: Mail) => boolean) | MailQuery

export interface WaitForMailOptions {
  /** Default 5000. */
  timeoutMs?: number
  /** Also match mails already in the sink (newest first). Default true; false waits for a new one. */
  existing?: boolean
  /** Stops waiting (rejects with its reason): the HTTP wait of a client that went away. */
  signal?: AbortSignal
}

export interface StartMailSinkOptions {
  /** SMTP port; 0 picks a free one. */
  smtpPort: number
  /** HTTP port (JSON API and inbox page); 0 picks a free one. */
  httpPort: number
  /** A loopback address (default 127.0.0.1); anything else is refused unless `anyHost`. */
  host?: string
  /**
   * Lets `host` be any address: `0.0.0.0` inside a container, which other containers reach over
   * their private network (the compose `devnet` profile). Its HTTP side still answers loopback and
   * `*.localhost` Host names only.
   */
  anyHost?: boolean
  /** One line per mail received and per SMTP error. */
  log?: (line: string) => void
  /** Mails kept in memory; the oldest go first. Default 500. */
  maxMessages?: number
  /** Largest message accepted (advertised as SIZE), in bytes. Default 10 MiB. */
  maxMessageBytes?: number
}

export interface MailSink {
  /** `smtp://127.0.0.1:PORT`: no TLS, no auth needed (AUTH PLAIN/LOGIN accepted with any credentials). */
  smtpUrl: string
  smtpPort: number
  /** `http://127.0.0.1:PORT`: the inbox page at `/`, JSON at `/messages`. */
  httpUrl: string
  httpPort: number
  /** Newest first. */
  messages(): Mail[]
  clear(): void
  /** The first mail (newest existing one, else the next to arrive) that matches; rejects with MailTimeoutError. */
  waitFor(match: MailMatch, options?: WaitForMailOptions): Promise<Mail>
  /** Closes both ports (open SMTP sessions get 421) and rejects pending `waitFor`s. */
  stop(): Promise<void>
}

export class MailTimeoutError extends Error {
  override name = 'MailTimeoutError'
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|localhost)$/

/**
 * The devnet's stand-in for email (DESIGN.md section 6): an SMTP server (`smtp-server`,
 * messages parsed with `mailparser`) that keeps what it receives in memory, and an HTTP server
 * to read it: `GET /messages?to=<address>` (newest first), `GET /messages/wait?to=&subject=&since=&timeoutMs=`
 * (the first match, held until one arrives: see `waitForMail`), `GET /messages/:id`,
 * `DELETE /messages`, `GET /health`, and `GET /` an inbox page for people. Both bind loopback.
 */
export async function startMailSink(options: StartMailSinkOptions): Promise<MailSink> {
  const host = options.host ?? '127.0.0.1'
  if (!LOOPBACK.test(host) && !options.anyHost) throw new Error(`The mail sink binds loopback only, not ${host} (without anyHost)`)
  const maxMessages = options.maxMessages ?? 500
  const maxMessageBytes = options.maxMessageBytes ?? 10 * 1024 * 1024
  const log = options.log
  const urlHost = host.includes(':') ? `[${host}]` : host

  let stored: Mail[] = [] // oldest first
  const waiters = new Set<{ matches: (mail: Mail) => boolean; resolve: (mail: Mail) => void; fail: (error: Error) => void }>()

  const add = (mail: Mail) => {
    stored.push(mail)
    if (stored.length > maxMessages) stored = stored.slice(stored.length - maxMessages)
    log?.(`mail ${mail.id} from ${mail.from} to ${mail.to.join(', ')}: ${JSON.stringify(mail.subject)}`)
    for (const waiter of waiters) if (waiter.matches(mail)) waiter.resolve(mail)
  }
  const newestFirst = () => stored.slice().reverse()

  const smtp = new SMTPServer({
    name: 'mail.airlock.devnet',
    banner: 'Airlock devnet mail sink',
    logger: false,
    disableReverseLookup: true,
    hideSTARTTLS: true,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: maxMessageBytes,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'devnet' })
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk)
      })
      stream.on('error', (error: Error) => callback(error))
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(smtpError(552, `Message exceeds the fixed maximum message size of ${maxMessageBytes} bytes`))
          return
        }
        simpleParser(Buffer.concat(chunks), { skipImageLinks: true, skipTextToHtml: true }).then(
          (parsed) => {
            const mail = toMail(parsed, session)
            add(mail)
            callback(null, `OK: queued as ${mail.id}`)
          },
          (error: unknown) => {
            log?.(`mail: could not parse a message: ${String(error)}`)
            callback(smtpError(554, 'Message could not be parsed'))
          },
        )
      })
    },
  })
  // smtp-server re-emits listen and client socket errors (ECONNRESET, …) here; without a listener they would throw.
  smtp.on('error', (error: Error) => log?.(`mail: smtp: ${error.message}`))

  const http = createServer((req, res) => {
    try {
      handleHttp(req, res)
    } catch (error) {
      sendJson(res, 500, { error: String(error) })
    }
  })
  const handleHttp = (req: IncomingMessage, res: ServerResponse) => {
    // Loopback only, also against DNS rebinding: a page on another name must not read the codes.
    const hostname = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()
    if (!(LOOPBACK.test(hostname) || hostname === '[::1]' || hostname.endsWith('.localhost'))) {
      sendJson(res, 421, { error: `unexpected Host ${JSON.stringify(req.headers.host ?? '')}` })
      return
    }
    const url = new URL(req.url ?? '/', 'http://sink')
    const method = req.method ?? 'GET'
    const read = method === 'GET' || method === 'HEAD'
    const to = url.searchParams.get('to')?.trim() || undefined
    if (url.pathname === '/health') {
      if (!read) return notAllowed(res, 'GET, HEAD')
      sendJson(res, 200, { ok: true, messages: stored.length, waiting: waiters.size, smtpUrl: sink.smtpUrl })
    } else if (url.pathname === '/messages') {
      if (method === 'DELETE') {
        const deleted = stored.length
        stored = []
        sendJson(res, 200, { deleted })
      } else if (read) {
        sendJson(res, 200, { messages: to ? newestFirst().filter(matchesQuery({ to })) : newestFirst() })
      } else notAllowed(res, 'GET, HEAD, DELETE')
    } else if (url.pathname === '/messages/wait') {
      if (!read) return notAllowed(res, 'GET, HEAD')
      const params = parseWaitParams(url.searchParams)
      if ('error' in params) return sendJson(res, 400, { error: params.error })
      // A client that hangs up stops its wait, so that no waiter outlives it.
      const gone = new AbortController()
      res.once('close', () => gone.abort(new Error('the client went away')))
      sink.waitFor(params.query, { timeoutMs: params.timeoutMs, signal: gone.signal }).then(
        (mail) => sendJson(res, 200, mail),
        (error: Error) => {
          if (!res.destroyed) sendJson(res, error instanceof MailTimeoutError ? 408 : 503, { error: error.message })
        },
      )
    } else if (url.pathname.startsWith('/messages/')) {
      if (!read) return notAllowed(res, 'GET, HEAD')
      const id = decodeURIComponent(url.pathname.slice('/messages/'.length))
      const mail = stored.find((candidate) => candidate.id === id)
      if (mail) sendJson(res, 200, mail)
      else sendJson(res, 404, { error: `no message ${id}` })
    } else if (url.pathname === '/') {
      if (!read) return notAllowed(res, 'GET, HEAD')
      const all = newestFirst()
      const body = renderInboxPage({
        messages: to ? all.filter(matchesQuery({ to })) : all,
        total: all.length,
        smtpUrl: sink.smtpUrl,
        ...(to ? { to } : {}),
      })
      res.writeHead(200, INBOX_PAGE_HEADERS)
      res.end(body)
    } else {
      sendJson(res, 404, {
        error:
          'not found: try GET /messages?to=<address>, GET /messages/wait?to=<address>, GET /messages/:id, DELETE /messages, GET /health',
      })
    }
  }

  const smtpPort = await listen(smtp.server, options.smtpPort, host)
  let httpPort: number
  try {
    httpPort = await listen(http, options.httpPort, host)
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(resolve))
    throw error
  }

  let stopped: Promise<void> | undefined
  const sink: MailSink = {
    smtpUrl: `smtp://${urlHost}:${smtpPort}`,
    smtpPort,
    httpUrl: `http://${urlHost}:${httpPort}`,
    httpPort,
    messages: newestFirst,
    clear() {
      stored = []
    },
    waitFor(match, { timeoutMs = DEFAULT_WAIT_MS, existing = true, signal } = {}) {
      const matches = typeof match === 'function' ? match : matchesQuery(match)
      if (existing) {
        const found = newestFirst().find(matches)
        if (found) return Promise.resolve(found)
      }
      if (stopped) return Promise.reject(new Error('The mail sink is stopped'))
      if (signal?.aborted) return Promise.reject(signal.reason as Error)
      return new Promise<Mail>((resolve, reject) => {
        const waiter = {
          matches,
          resolve: (mail: Mail) => {
            done()
            resolve(mail)
          },
          fail: (error: Error) => {
            done()
            reject(error)
          },
        }
        const timer = setTimeout(() => {
          const what = typeof match === 'function' ? 'matching the predicate' : describeQuery(match)
          const held = newestFirst()
            .slice(0, 5)
            .map((mail) => `to ${mail.to.join(', ')}: ${JSON.stringify(mail.subject)}`)
          waiter.fail(
            new MailTimeoutError(
              `No mail ${what} arrived at ${sink.smtpUrl} within ${timeoutMs} ms; the sink holds ${stored.length} ${stored.length === 1 ? 'mail' : 'mails'}${held.length ? ` (newest: ${held.join('; ')})` : ''}`,
            ),
          )
        }, timeoutMs)
        const abort = () => waiter.fail(signal!.reason as Error)
        const done = () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', abort)
          waiters.delete(waiter)
        }
        signal?.addEventListener('abort', abort, { once: true })
        waiters.add(waiter)
      })
    },
    stop() {
      stopped ??= (async () => {
        for (const waiter of waiters) waiter.fail(new Error('The mail sink stopped before the mail arrived'))
        const smtpClosed = new Promise<void>((resolve) => smtp.close(resolve))
        // smtp-server would wait 30 s for open sessions: end them now.
        for (const connection of smtp.connections as Set<{ send(code: number, text: string): void; close(): void }>) {
          connection.send(421, 'Server shutting down')
          connection.close()
        }
        const httpClosed = new Promise<void>((resolve) => http.close(() => resolve()))
        http.closeAllConnections()
        await Promise.all([smtpClosed, httpClosed])
      })()
      return stopped
    },
  }
  return sink
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode })
}

function toMail(parsed: ParsedMail, session: SMTPServerSession): Mail {
  const envelope = session.envelope
  const to = [...new Set(envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()))]
  const headers: Record<string, string> = {}
  for (const [name, value] of parsed.headers) {
    const text = headerText(value)
    headers[name] = headers[name] === undefined ? text : `${headers[name]}, ${text}`
  }
  return {
    id: randomUUID(),
    from: parsed.from?.value[0]?.address || (envelope.mailFrom ? envelope.mailFrom.address : ''),
    to,
    subject: parsed.subject ?? '',
    text: (parsed.text ?? '').replace(/\n$/, ''),
    ...(typeof parsed.html === 'string' ? { html: parsed.html.replace(/\n$/, '') } : {}),
    date: new Date().toISOString(),
    headers,
  }
}

function headerText(value: HeaderValue): string {
  if (typeof value === 'string') return value
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map((item) => headerText(item as HeaderValue)).join(', ')
  if ('text' in value && typeof value.text === 'string') return value.text
  if ('value' in value && typeof value.value === 'string' && 'params' in value) {
    const params = Object.entries(value.params ?? {}).map(([key, param]) => `; ${key}=${param}`)
    return value.value + params.join('')
  }
  return JSON.stringify(value)
}

function notAllowed(res: ServerResponse, allow: string) {
  res.setHeader('allow', allow)
  sendJson(res, 405, { error: `method not allowed; allowed: ${allow}` })
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    })
  })
}
