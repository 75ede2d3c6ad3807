import { describe, expect, it } from 'vitest'
import { ENTER_VALID_AMOUNT, INCORRECT_AMOUNT, normaliseAmountInput, parseSwapAmount } from './amount'

describe('parseSwapAmount', () => {
  it('reads whole and fractional amounts in smallest units', () => {
    expect(parseSwapAmount('1', 18)).toEqual({ ok: true, units: 10n ** 18n, value: '1' })
    expect(parseSwapAmount('0.5', 6)).toEqual({ ok: true, units: 500_000n, value: '0.5' })
    expect(parseSwapAmount('.25', 6)).toMatchObject({ ok: true, units: 250_000n })
    expect(parseSwapAmount('12.', 6)).toMatchObject({ ok: true, units: 12_000_000n })
    expect(parseSwapAmount('0.000001', 6)).toMatchObject({ ok: true, units: 1n })
  })

  it("refuses too many decimals with 'Incorrect amount' and says how many the token has", () => {
    expect(parseSwapAmount('1.1234567', 6)).toEqual({ ok: false, error: INCORRECT_AMOUNT, hint: 'This token has at most 6 decimals' })
  })

  it('refuses negative, zero, empty and non-numeric amounts', () => {
    expect(parseSwapAmount('-1', 18)).toEqual({ ok: false, error: 'Incorrect amount', hint: 'The amount cannot be negative' })
    expect(parseSwapAmount('0', 18)).toEqual({ ok: false, error: 'Incorrect amount', hint: 'The amount must be above 0' })
    expect(parseSwapAmount('0.000', 18)).toMatchObject({ ok: false, hint: 'The amount must be above 0' })
    for (const bad of ['', '.', 'abc', '1e18', '1.2.3', '0x10'])
      expect(parseSwapAmount(bad, 18)).toEqual({ ok: false, error: 'Incorrect amount', hint: ENTER_VALID_AMOUNT })
    expect(ENTER_VALID_AMOUNT).toBe('Please enter a valid amount')
  })

  it('reads pasted en-US grouping and refuses any other comma, as send does', () => {
    expect(parseSwapAmount('1,234.5', 6)).toMatchObject({ ok: true, units: 1_234_500_000n, value: '1234.5' })
    expect(parseSwapAmount(' 10,000 ', 6)).toMatchObject({ ok: true, units: 10_000_000_000n })
    for (const comma of ['0,5', '1,23,4'])
      expect(parseSwapAmount(comma, 6)).toEqual({
        ok: false,
        error: 'Incorrect amount',
        hint: 'Use a dot for decimals; commas only between thousands',
      })
  })
})

describe('normaliseAmountInput', () => {
  it('keeps what the user typed, without spaces and grouping commas', () => {
    expect(normaliseAmountInput('1 000')).toBe('1000')
    expect(normaliseAmountInput('2,500.75')).toBe('2500.75')
    expect(normaliseAmountInput('1,5')).toBe('1,5')
    expect(normaliseAmountInput('-3')).toBe('-3')
    expect(normaliseAmountInput('1,2,3')).toBe('1,2,3')
  })
})
