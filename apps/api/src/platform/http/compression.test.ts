import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CompressionCache, isCompressible, pickEncoding } from './compression'

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;q=0.5', 'br'],
    ['gzip;q=0.0', undefined],
  ])('%j -> %j', (header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding)
  })
})

describe('isCompressible', () => {
  it('compresses text types over 1 KiB only', () => {
    expect(isCompressible('text/javascript; charset=utf-8', 5000)).toBe(true)
    expect(isCompressible('image/svg+xml', 5000)).toBe(true)
    expect(isCompressible('text/css; charset=utf-8', 100)).toBe(false)
    expect(isCompressible('image/png', 5000)).toBe(false)
    expect(isCompressible('font/woff2', 5000)).toBe(false)
  })
})

describe('CompressionCache', () => {
  it('compresses once per key', async () => {
    const cache = new CompressionCache()
    const body = Buffer.from('hello '.repeat(1000))
    const first = await cache.get('k', 'br', body)
    expect(brotliDecompressSync(first).toString()).toBe(body.toString())
    expect(first.length).toBeLessThan(body.length / 10)
    expect(await cache.get('k', 'br', Buffer.from('ignored'))).toBe(first)
  })
})
