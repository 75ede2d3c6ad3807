import { describe, expect, it } from 'vitest'
import { NameReason } from '../names/rules'
import { checkExpiry, parseSessionGrant, revokeMessage, SessionReason } from './rules'

const NOW = Date.UTC(2026, 0, 1)
const nowS = NOW / 1000
const grant = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    chainId: '0x7a69',
    expiry: nowS + 3600,
    signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: '0x02ab' }] } },
    permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1', start: 1, period: 86400 } }],
    policies: [],
    timestamp: nowS,
    ...overrides,
  })

describe('parseSessionGrant', () => {
  it('accepts a grant for the account chain (hex, decimal string or number chain id)', () => {
    const parsed = parseSessionGrant(grant(), 31337, NOW)
    expect(parsed).toEqual({
      ok: true,
      value: {
        chainId: 31337,
        expiry: nowS + 3600,
        signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: '0x02ab' }] } },
        permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1', start: 1, period: 86400 } }],
        policies: [],
        timestamp: nowS,
      },
    })
    expect(parseSessionGrant(grant({ chainId: 31337 }), 31337, NOW).ok).toBe(true)
    expect(parseSessionGrant(grant({ chainId: '31337', context: '0xdead', policies: undefined }), 31337, NOW)).toMatchObject({
      ok: true,
      value: { context: '0xdead', policies: [] },
    })
  })

  it('refuses a wrong chain, stale or future timestamps, past or far expiries', () => {
    expect(parseSessionGrant(grant(), 1, NOW)).toEqual({ ok: false, reason: SessionReason.chainMismatch })
    expect(parseSessionGrant(grant({ timestamp: nowS - 601 }), 31337, NOW)).toEqual({ ok: false, reason: NameReason.timestampTooOld })
    expect(parseSessionGrant(grant({ timestamp: nowS + 61 }), 31337, NOW)).toEqual({ ok: false, reason: NameReason.timestampInFuture })
    expect(parseSessionGrant(grant({ expiry: nowS }), 31337, NOW)).toEqual({ ok: false, reason: SessionReason.expiryPast })
    expect(parseSessionGrant(grant({ expiry: nowS + 366 * 86400 }), 31337, NOW)).toEqual({ ok: false, reason: SessionReason.expiryTooFar })
  })

  it('refuses malformed grants', () => {
    const bad = [
      'not json',
      grant({ permissions: [] }),
      grant({ permissions: [{ data: 1 }] }),
      grant({ permissions: Array.from({ length: 33 }, () => ({ type: 't', data: 1 })) }),
      grant({ policies: 'none' }),
      grant({ expiry: '123' }),
      grant({ chainId: '0xzz' }),
      grant({ chainId: -1 }),
      grant({ context: 'abc' }),
      grant({ context: '0xabc' }),
      grant({ timestamp: undefined }),
      grant({ padding: 'x'.repeat(33 * 1024) }),
    ]
    for (const message of bad)
      expect(parseSessionGrant(message, 31337, NOW), message.slice(0, 80)).toEqual({ ok: false, reason: SessionReason.message })
  })
})

describe('checkExpiry', () => {
  it('needs the future, within 365 days', () => {
    expect(checkExpiry(nowS + 1, NOW)).toBeUndefined()
    expect(checkExpiry(nowS + 365 * 86400, NOW)).toBeUndefined()
    expect(checkExpiry(nowS + 365 * 86400 + 1, NOW)).toBe(SessionReason.expiryTooFar)
    expect(checkExpiry(nowS, NOW)).toBe(SessionReason.expiryPast)
  })
})

describe('revokeMessage', () => {
  it('is the pci itself', () => {
    expect(revokeMessage('6f1f0c5e-7f57-4f4e-9c58-3c6f0c2b7d11')).toBe('6f1f0c5e-7f57-4f4e-9c58-3c6f0c2b7d11')
  })
})
