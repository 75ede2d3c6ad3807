import { connect } from 'node:net'

/** A request as bytes on the wire: nothing normalised, framing included. */
export interface RawHttpRequest {
  method: string
  /** The request target, sent verbatim (`/../x`, `%00`, anything). */
  target: string
  headers: [string, string][]
  body: Buffer
  /**
   * Send only this many bytes of the body (after a Content-Length for all of it): a client that
   * died mid-upload.
   */
  truncateAt?: number
  /**
   * Half-close after writing, so that the server sees the end of an unfinished request (a truncated
   * body, a chunked one without its last chunk) instead of waiting for the rest. Node then answers
   * nothing, by design, so only requests that need it do this.
   */
  halfClose?: boolean
}

export type RawHttpOutcome =
  | { kind: 'answered'; status: number; body: string; ms: number }
  /** The server closed the connection without a status line (allowed only after a half-close). */
  | { kind: 'closed'; ms: number }
  | { kind: 'timeout'; ms: number }

/** Serialises a request; `Connection: close` so that the answer ends with the connection. */
export function serialize(request: RawHttpRequest, host: string): Buffer {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, `Host: ${host}`, 'Connection: close']
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`)
  if (!request.headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name))) {
    lines.push(`Content-Length: ${request.body.length}`)
  }
  const body = request.truncateAt === undefined ? request.body : request.body.subarray(0, request.truncateAt)
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body])
}

/** The status and body of a raw response (chunked bodies are left framed: only their text matters here). */
export function parseResponse(raw: Buffer): { status: number; body: string } | undefined {
  const text = raw.toString('utf8')
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)
  if (!status) return undefined
  const split = text.indexOf('\r\n\r\n')
  return { status: Number(status[1]), body: split < 0 ? '' : text.slice(split + 4) }
}

/** Sends one raw request and reads until the server closes, or `timeoutMs` passes. */
export function sendRaw(port: number, request: RawHttpRequest, timeoutMs: number): Promise<RawHttpOutcome> {
  return new Promise((resolve) => {
    const started = performance.now()
    const chunks: Buffer[] = []
    const socket = connect({ host: '127.0.0.1', port })
    const finish = (timedOut: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      const ms = performance.now() - started
      const parsed = parseResponse(Buffer.concat(chunks))
      if (parsed) resolve({ kind: 'answered', ...parsed, ms })
      else resolve({ kind: timedOut ? 'timeout' : 'closed', ms })
    }
    const timer = setTimeout(() => finish(true), timeoutMs)
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('close', () => finish(false))
    // A reset after the server answered (it stops reading an oversized upload) is still an answer.
    socket.on('error', () => finish(false))
    const bytes = serialize(request, `127.0.0.1:${port}`)
    if (request.halfClose) socket.end(bytes)
    else socket.write(bytes)
  })
}
