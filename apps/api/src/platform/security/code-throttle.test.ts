import { describe, expect, it } from 'vitest'
import { CODE_THROTTLE, codeWait, deviceBucket } from './code-throttle'

const S = 1000
const H = 60 * 60 * S
const NOW = Date.UTC(2030, 0, 1)

describe('codeWait', () => {
  it('lets the first code go at once and waits 30 s after it (the SPEC cooldown)', () => {
    expect(codeWait([], NOW)).toBe(0)
    expect(codeWait([NOW - 10 * S], NOW)).toBe(20 * S)
    expect(codeWait([NOW - 30 * S], NOW)).toBe(0)
  })

  it('doubles the wait with each further code, up to an hour', () => {
    expect(codeWait([NOW - 100 * S, NOW - 10 * S], NOW)).toBe(50 * S)
    expect(codeWait([NOW - 300 * S, NOW - 200 * S, NOW - 10 * S], NOW)).toBe(110 * S)
    const nine = Array.from({ length: 9 }, (_, i) => NOW - (9 - i) * 2 * H)
    expect(codeWait(nine, NOW)).toBe(0)
    expect(codeWait([...nine.slice(1), NOW - S], NOW)).toBe(H - S)
  })

  it('stops at the daily cap until the oldest code of the window is a day old', () => {
    const ten = Array.from({ length: CODE_THROTTLE.dailyCap }, (_, i) => NOW - 20 * H + i * H)
    expect(codeWait(ten, NOW)).toBe(4 * H)
    expect(codeWait(ten, NOW + 4 * H)).toBe(0)
  })

  it('ignores codes older than the window, and the order they come in', () => {
    expect(codeWait([NOW - 25 * H], NOW)).toBe(0)
    expect(codeWait([NOW - 10 * S, NOW - 100 * S], NOW)).toBe(50 * S)
  })
})

describe('deviceBucket', () => {
  it('gives each known device its own bucket and an unknown device the one of its network', () => {
    expect(deviceBucket('ab', true, '203.0.113.7')).toBe('device:ab')
    expect(deviceBucket('ab', false, '203.0.113.7')).toBe('client:203.0.113.7')
    expect(deviceBucket(undefined, true, '2001:db8::/64')).toBe('client:2001:db8::/64')
  })
})
