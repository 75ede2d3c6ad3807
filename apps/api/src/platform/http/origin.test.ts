import { describe, expect, it } from 'vitest'
import { parseHttpOrigin } from './origin'

describe('parseHttpOrigin', () => {
  it.each([
    'http://dapp.localhost:4400',
    'https://app.example.com',
    'http://127.0.0.1:4400',
    'http://[::1]:4400',
    'https://xn--bcher-kva.example',
  ])('accepts %s', (origin) => {
    expect(parseHttpOrigin(origin)).toBe(origin)
  })

  it.each([
    '',
    'null',
    'dapp.localhost:4400',
    'ftp://example.com',
    'javascript:alert(1)',
    'http://example.com/',
    'http://example.com/path',
    'http://example.com?x',
    'http://Example.com',
    'http://example.com:80',
    'https://example.com:443',
    'http://example.com:99999',
    'http://user@example.com',
    'http://a"b.com',
    "http://a'b.com",
    'http://a;b.com',
    'http://a,b.com',
    'http://a b.com',
    'http://x"><script>alert(1)</script>',
    `http://${'a'.repeat(300)}.com`,
  ])('rejects %s', (origin) => {
    expect(parseHttpOrigin(origin)).toBeUndefined()
  })

  it('rejects non-strings', () => {
    expect(parseHttpOrigin(undefined)).toBeUndefined()
    expect(parseHttpOrigin(null)).toBeUndefined()
  })
})
