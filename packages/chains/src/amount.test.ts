import { describe, expect, it } from 'vitest'
import { parseAmount, withoutThousands } from './amount'

describe('parseAmount', () => {
  it('reads plain amounts in smallest units, as a plain decimal string', () => {
    expect(parseAmount('1.5', 6)).toEqual({ ok: true, units: 1_500_000n, value: '1.5' })
    expect(parseAmount(' .25 ', 18)).toEqual({ ok: true, units: 25n * 10n ** 16n, value: '0.25' })
    expect(parseAmount('25.', 2)).toEqual({ ok: true, units: 2500n, value: '25' })
    expect(parseAmount('7500.00', 2)).toEqual({ ok: true, units: 750_000n, value: '7500.00' })
    expect(parseAmount('1.500000000', 6)).toEqual({ ok: true, units: 1_500_000n, value: '1.500000' })
    expect(parseAmount('123456789.123456789123456789', 18)).toMatchObject({ ok: true, units: 123456789123456789123456789n })
  })

  it('says why an input is not an amount', () => {
    expect(parseAmount('  ', 6)).toEqual({ ok: false, reason: 'empty' })
    for (const input of ['abc', '1e3', '1.2.3', '0x10', '.', '-', '+1', '1 000'])
      expect(parseAmount(input, 6), input).toEqual({ ok: false, reason: 'invalid' })
    expect(parseAmount('-0.5', 6)).toEqual({ ok: false, reason: 'negative' })
    expect(parseAmount('-1,000', 6)).toEqual({ ok: false, reason: 'negative' })
    expect(parseAmount('-0', 6)).toEqual({ ok: false, reason: 'zero' })
    expect(parseAmount('0.000', 6)).toEqual({ ok: false, reason: 'zero' })
    expect(parseAmount('1.1234567', 6)).toEqual({ ok: false, reason: 'decimals' })
    expect(parseAmount('1.5', 0)).toEqual({ ok: false, reason: 'decimals' })
    expect(parseAmount('123456789.1234567891234567891', 18)).toEqual({ ok: false, reason: 'decimals' })
  })

  it('reads thousands separators in their places and refuses any other comma', () => {
    expect(parseAmount('1,000.5', 6)).toEqual({ ok: true, units: 1_000_500_000n, value: '1000.5' })
    expect(parseAmount('12,345,678', 0)).toEqual({ ok: true, units: 12_345_678n, value: '12345678' })
    for (const input of ['1,5', '0,5', '10,00', '1,0000', ',100', '1,000,00', '1.000,5', '1,23,4'])
      expect(parseAmount(input, 6), input).toEqual({ ok: false, reason: 'comma' })
    expect(withoutThousands('-1,000.5')).toBe('-1000.5')
    expect(withoutThousands('1,5')).toBeUndefined()
  })
})
