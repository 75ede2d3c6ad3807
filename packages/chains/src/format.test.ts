import { describe, expect, it } from 'vitest'
import { formatBalance, formatDecimal, formatUnits, roundDecimal } from './format'

describe('formatUnits', () => {
  it('divides by 10^decimals exactly, without trailing zeros', () => {
    expect(formatUnits(1_000_000_000_000_000_000n, 18)).toBe('1')
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(0n, 18)).toBe('0')
    expect(formatUnits(123456n, 0)).toBe('123456')
    expect(formatUnits(-1_250_000n, 6)).toBe('-1.25')
  })

  it('keeps precision beyond floating point', () => {
    expect(formatUnits(123_456_789_012_345_678_901_234_567n, 18)).toBe('123456789.012345678901234567')
  })

  it('rejects invalid decimals', () => {
    expect(() => formatUnits(1n, -1)).toThrow(RangeError)
    expect(() => formatUnits(1n, 1.5)).toThrow(RangeError)
  })
})

describe('roundDecimal', () => {
  it('rounds half away from zero and pads', () => {
    expect(roundDecimal('1.2345', 3)).toBe('1.235')
    expect(roundDecimal('1.2344', 3)).toBe('1.234')
    expect(roundDecimal('0.9995', 3)).toBe('1.000')
    expect(roundDecimal('999.999', 2)).toBe('1000.00')
    expect(roundDecimal('2', 2)).toBe('2.00')
    expect(roundDecimal('-1.005', 2)).toBe('-1.01')
    expect(roundDecimal('2.5', 0)).toBe('3')
  })

  it('drops the sign of a value that rounds to zero', () => {
    expect(roundDecimal('-0.0004', 3)).toBe('0.000')
  })

  it('rejects non-decimals', () => {
    expect(() => roundDecimal('1e18', 2)).toThrow(RangeError)
    expect(() => roundDecimal('abc', 2)).toThrow(RangeError)
  })
})

describe('formatDecimal', () => {
  it('groups thousands en-US with 2 decimals by default', () => {
    expect(formatDecimal('1234567.891')).toBe('1,234,567.89')
    expect(formatDecimal('0')).toBe('0.00')
    expect(formatDecimal('-9876.5')).toBe('-9,876.50')
  })

  it('matches Intl en-US for ordinary values', () => {
    for (const value of ['0.125', '12.3456', '1000', '99999.9999']) {
      const intl = Number(value).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })
      expect(formatDecimal(value, 3)).toBe(intl)
    }
  })
})

describe('formatBalance', () => {
  it('shows 3 decimals and the symbol', () => {
    expect(formatBalance(10_000_000_000_000_000_000_000n, 18, 'ETH')).toBe('10,000.000 ETH')
    expect(formatBalance(1_234_567_000_000_000_000n, 18, 'MON')).toBe('1.235 MON')
    expect(formatBalance(0n, 18)).toBe('0.000')
  })
})
