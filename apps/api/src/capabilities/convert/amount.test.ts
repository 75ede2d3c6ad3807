import { maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { parseAmount } from './amount'

describe('parseAmount', () => {
  it.each([
    ['1', 1n],
    ['1000000000000000000', 10n ** 18n],
    ['007', 7n],
    [maxUint256.toString(), maxUint256],
  ])('accepts %s', (raw, value) => {
    expect(parseAmount(raw)).toEqual({ ok: true, value })
  })

  it.each([
    ['1.5', 'no decimal point'],
    ['1,5', 'no decimal point'],
    ['.5', 'no decimal point'],
    ['10.', 'no decimal point'],
    ['-1', 'must be positive'],
    ['+1', 'without a sign'],
    ['0', 'greater than zero'],
    ['000', 'greater than zero'],
    [(maxUint256 + 1n).toString(), 'exceeds 2^256-1'],
    ['9'.repeat(200), 'exceeds 2^256-1'],
    ['1e18', 'plain decimal digits'],
    ['0x10', 'plain decimal digits'],
    [' 1', 'plain decimal digits'],
    ['', 'required'],
  ])('refuses %j (%s)', (raw, reason) => {
    const result = parseAmount(raw)
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.reason).toContain(reason)
    expect(result.ok ? '' : result.reason).toMatch(/^amount: /)
  })

  it('refuses non-strings', () => {
    expect(parseAmount(1).ok).toBe(false)
    expect(parseAmount(undefined).ok).toBe(false)
  })
})
