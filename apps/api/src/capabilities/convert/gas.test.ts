import { describe, expect, it } from 'vitest'
import { gasPricesFromFeeHistory, gasPricesFromLegacy } from './gas'

const gwei = (n: number) => BigInt(Math.round(n * 1e9))

describe('gasPricesFromFeeHistory', () => {
  it('adds percentile tips from busy blocks to the next base fee with headroom', () => {
    const prices = gasPricesFromFeeHistory({
      baseFeePerGas: [gwei(9), gwei(10), gwei(10), gwei(8)],
      gasUsedRatio: [0.5, 0, 0.9],
      reward: [
        [gwei(1), gwei(2), gwei(3)],
        [0n, 0n, 0n],
        [gwei(1), gwei(3), gwei(5)],
      ],
    })
    // Tips: median of [1,1]=1, of [2,3]=2 (lower middle), of [3,5]=3; the empty block is ignored.
    expect(prices).toEqual({
      standard: gwei(8 + 1).toString(),
      fast: gwei(9 + 2).toString(),
      instant: gwei(10 + 3).toString(),
    })
  })

  it('never decreases from standard to instant', () => {
    const prices = gasPricesFromFeeHistory({ baseFeePerGas: [100n, 100n], gasUsedRatio: [1], reward: [[50n, 0n, 0n]] })!
    expect(BigInt(prices.fast)).toBeGreaterThanOrEqual(BigInt(prices.standard))
    expect(BigInt(prices.instant)).toBeGreaterThanOrEqual(BigInt(prices.fast))
    expect(prices.standard).toBe('150')
  })

  it('uses the base fee alone when no block held transactions', () => {
    expect(gasPricesFromFeeHistory({ baseFeePerGas: [gwei(1), gwei(1)], gasUsedRatio: [0], reward: [[0n, 0n, 0n]] })).toEqual({
      standard: '1000000000',
      fast: '1125000000',
      instant: '1250000000',
    })
  })

  it('is undefined without base fees (pre-London chains)', () => {
    expect(gasPricesFromFeeHistory({ baseFeePerGas: [0n, 0n], gasUsedRatio: [0.5] })).toBeUndefined()
    expect(gasPricesFromFeeHistory({ baseFeePerGas: [], gasUsedRatio: [] })).toBeUndefined()
  })
})

describe('gasPricesFromLegacy', () => {
  it('adds 10 % and 20 % to eth_gasPrice', () => {
    expect(gasPricesFromLegacy(1000n)).toEqual({ standard: '1000', fast: '1100', instant: '1200' })
  })
})
