import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, type Cursor } from './cursor'

describe('history cursors', () => {
  it.each<Cursor>([
    { kind: 't', minedAt: '2025-01-02T03:04:05.000Z', chain: 'eip155:31337', block: '123', txIndex: 4 },
    { kind: 't', minedAt: '2025-01-02T03:04:05.000Z', chain: 'eip155:1', block: '9223372036854775807', txIndex: 0 },
    { kind: 'o', createdAt: '2025-01-02T03:04:05.678Z', id: '3f0c3c4e-7b1a-4f57-9a0e-5c2d1b3a4e5f' },
  ])('round-trips %o as an opaque base64url string', (cursor) => {
    const encoded = encodeCursor(cursor)
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(encoded).not.toContain(cursor.kind === 't' ? cursor.chain : cursor.id)
    expect(decodeCursor(encoded)).toEqual(cursor)
  })

  it.each([
    '',
    'not base64!',
    'abc',
    Buffer.from('{"v":1,"k":"t"}').toString('base64url'),
    Buffer.from('{"v":2,"k":"o","t":"2025-01-01T00:00:00Z","id":"x"}').toString('base64url'),
    Buffer.from('{"v":1,"k":"t","m":"yesterday","c":"eip155:1","b":"1","i":0}').toString('base64url'),
    Buffer.from('{"v":1,"k":"t","m":"2025-01-01T00:00:00Z","c":"eip155:1","b":"-1","i":0}').toString('base64url'),
    Buffer.from('{"v":1,"k":"o","t":"2025-01-01T00:00:00Z","id":"a\';drop"}').toString('base64url'),
    // Beyond a Postgres bigint: 2^63 and a 20-digit number.
    Buffer.from('{"v":1,"k":"t","m":"2025-01-01T00:00:00Z","c":"eip155:1","b":"9223372036854775808","i":0}').toString('base64url'),
    Buffer.from('{"v":1,"k":"t","m":"2025-01-01T00:00:00Z","c":"eip155:1","b":"99999999999999999999","i":0}').toString('base64url'),
    'A'.repeat(600),
  ])('rejects %j', (value) => {
    expect(decodeCursor(value)).toBeUndefined()
  })
})
