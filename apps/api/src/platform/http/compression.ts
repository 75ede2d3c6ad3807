import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

export type Encoding = 'br' | 'gzip'

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|wasm)|image\/svg\+xml)/
const MIN_BYTES = 1024
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024

/** The best encoding the client accepts (no q-value parsing beyond `;q=0` refusals). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';', 1)[0]),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

export function isCompressible(contentType: string, size: number): boolean {
  return size >= MIN_BYTES && COMPRESSIBLE.test(contentType)
}

/**
 * Compressed bodies of static files, computed once per file version (path + size + mtime) and
 * kept in memory: build output is small and fixed, so a tiny cache beats compressing per request.
 */
export class CompressionCache {
  readonly #entries = new Map<string, Buffer>()
  #bytes = 0

  async get(key: string, encoding: Encoding, body: Buffer): Promise<Buffer> {
    const id = `${encoding}:${key}`
    const hit = this.#entries.get(id)
    if (hit) return hit
    const encoded =
      encoding === 'br'
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gz(body, { level: 9 })
    if (this.#bytes + encoded.length <= CACHE_LIMIT_BYTES) {
      this.#entries.set(id, encoded)
      this.#bytes += encoded.length
    }
    return encoded
  }
}
