import type { IncomingMessage, ServerResponse } from 'node:http'

/** Any page may call a devnet chain, as it may a public node: dapps and the widget read it from the browser. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-max-age': '86400',
}

/** Answers with CORS and an exact content-length. */
export function reply(res: ServerResponse, status: number, body: string | Uint8Array, type = 'text/plain') {
  res.writeHead(status, { ...CORS_HEADERS, 'content-type': type, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

/**
 * Reads the body as UTF-8 up to `maxBytes`, declared or sent; past it, `refuse` answers (413, in the
 * server's own shape) with the reason, the rest of the body is dropped and the result is undefined.
 */
export async function readBody(req: IncomingMessage, maxBytes: number, refuse: (message: string) => void): Promise<string | undefined> {
  const tooLarge = `Request body too large: at most ${maxBytes} bytes`
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
    refuse(tooLarge)
    req.resume()
    return undefined
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) {
      refuse(tooLarge)
      req.destroy()
      return undefined
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
