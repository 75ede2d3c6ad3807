import { describe, expect, it } from 'vitest'
import { reusesPairing } from './connector'
import { isPairingExpired, PAIRING_EXPIRY_MS } from './atoms'

describe('pairing expiry', () => {
  it('counts a pairing with under 10 s left as expired (SPEC section 5)', () => {
    const now = 1_000_000
    expect(isPairingExpired(now + PAIRING_EXPIRY_MS, now)).toBe(false)
    expect(isPairingExpired(now + 10_000, now)).toBe(false)
    expect(isPairingExpired(now + 9_999, now)).toBe(true)
    expect(isPairingExpired(undefined, now)).toBe(true)
    expect(PAIRING_EXPIRY_MS).toBe(4 * 60 * 1000)
  })

  it('reuses an in-progress pairing only on Telegram and iOS Safari', () => {
    const iosSafari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
    const iosChrome =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1'
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
    expect(reusesPairing(iosSafari, false)).toBe(true)
    expect(reusesPairing(iosChrome, false)).toBe(false)
    expect(reusesPairing(desktop, false)).toBe(false)
    expect(reusesPairing(desktop, true)).toBe(true)
  })
})
