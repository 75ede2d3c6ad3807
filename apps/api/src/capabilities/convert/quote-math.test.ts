import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { candidatePaths, fallbackSwapGas, minimumOut, parseSlippage, pickBestQuote, swapDeadline, withGasHeadroom } from './quote-math'

const A = '0x000000000000000000000000000000000000000a' as Address
const B = '0x000000000000000000000000000000000000000b' as Address
const WETH = '0x00000000000000000000000000000000000000e7' as Address
const USDC = '0x00000000000000000000000000000000000000c5' as Address

describe('candidatePaths', () => {
  it('gives the direct path and one path per hub', () => {
    expect(candidatePaths(A, B, [WETH, USDC])).toEqual([
      [A, B],
      [A, WETH, B],
      [A, USDC, B],
    ])
  })
  it('skips a hub that is an end of the swap, and duplicate hubs', () => {
    expect(candidatePaths(WETH, B, [WETH, USDC, USDC])).toEqual([
      [WETH, B],
      [WETH, USDC, B],
    ])
    expect(candidatePaths(WETH, USDC, [WETH, USDC])).toEqual([[WETH, USDC]])
  })
  it('has no path from a token to itself', () => {
    expect(candidatePaths(A, A.toUpperCase().replace('0X', '0x') as Address, [WETH])).toEqual([])
  })
})

describe('pickBestQuote', () => {
  it('takes the largest output', () => {
    expect(
      pickBestQuote([{ path: [A, B], amounts: [10n, 5n] }, { path: [A, WETH, B], amounts: [10n, 3n, 7n] }, { path: [A, USDC, B] }]),
    ).toEqual({ path: [A, WETH, B], toAmount: 7n })
  })
  it('prefers the shorter path on a tie', () => {
    expect(
      pickBestQuote([
        { path: [A, WETH, B], amounts: [10n, 3n, 7n] },
        { path: [A, B], amounts: [10n, 7n] },
      ])?.path,
    ).toEqual([A, B])
  })
  it('is undefined when every path failed or gives zero', () => {
    expect(pickBestQuote([{ path: [A, B] }, { path: [A, WETH, B], amounts: [1n, 0n, 0n] }])).toBeUndefined()
    expect(pickBestQuote([])).toBeUndefined()
  })
  it('ignores answers that do not match the path', () => {
    expect(pickBestQuote([{ path: [A, WETH, B], amounts: [1n, 5n] }])).toBeUndefined()
  })
})

describe('parseSlippage and minimumOut', () => {
  it('reads percent as AppKit sends it', () => {
    expect(parseSlippage(1)).toEqual({ ok: true, ppm: 10_000n })
    expect(parseSlippage('0.5')).toEqual({ ok: true, ppm: 5_000n })
    expect(parseSlippage(0)).toEqual({ ok: true, ppm: 0n })
    expect(parseSlippage(50)).toEqual({ ok: true, ppm: 500_000n })
    expect(parseSlippage(1.1)).toEqual({ ok: true, ppm: 11_000n })
  })
  it.each([undefined, null, -1, 50.01, '1%', 'abc', Number.NaN, Number.POSITIVE_INFINITY, 0.00001, '-1'])('refuses %j', (raw) => {
    expect(parseSlippage(raw).ok).toBe(false)
  })
  it('takes the slippage off the quote, rounding down', () => {
    expect(minimumOut(1000n, 10_000n)).toBe(990n)
    expect(minimumOut(2988020943n, 10_000n)).toBe(2958140733n)
    expect(minimumOut(999n, 5_000n)).toBe(994n)
    expect(minimumOut(1000n, 0n)).toBe(1000n)
  })
})

describe('deadline and gas', () => {
  it('sets the deadline 20 minutes ahead in unix seconds', () => {
    expect(swapDeadline(1_700_000_000_999)).toBe(1_700_000_000n + 1200n)
  })
  it('adds 100k gas per extra hop to the fallback, and 20 % to estimates', () => {
    expect(fallbackSwapGas(2)).toBe(200_000n)
    expect(fallbackSwapGas(3)).toBe(300_000n)
    expect(withGasHeadroom(100_000n)).toBe(120_000n)
  })
})
