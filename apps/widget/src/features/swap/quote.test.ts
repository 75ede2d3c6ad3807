import { describe, expect, it } from 'vitest'
import {
  ASSUMED_GAS_LIMIT,
  decimalToUnits,
  formatDestination,
  formatSwapAmount,
  hasInsufficientBalance,
  hasInsufficientGas,
  isAllowanceSufficient,
  providerFee,
  swapDetails,
} from './quote'

const ETH = 10n ** 18n

describe('swapDetails', () => {
  const base = {
    sourceUnits: ETH,
    sourceDecimals: 18,
    sourcePriceUsd: 3000,
    toUnits: 2_988_020_943n,
    toDecimals: 6,
    toPriceUsd: 1,
    gasPrice: 4_000_000_000n,
    networkPriceUsd: 3000,
  }

  it('price impact: the share of the source value not received', () => {
    expect(swapDetails(base).priceImpact).toBeCloseTo(((3000 - 2988.020943) / 3000) * 100, 9)
    expect(swapDetails({ ...base, toPriceUsd: undefined }).priceImpact).toBeUndefined()
  })

  it('provider fee: 0.85 % of the source amount', () => {
    expect(swapDetails(base).providerFee).toBe('0.0085')
    expect(providerFee(100_000_000n, 6)).toBe('0.85')
    expect(providerFee(1n, 6)).toBe('0.0000000085')
  })

  it('gas in USD: the assumed 150000 gas without an estimate, the built gas with one', () => {
    expect(ASSUMED_GAS_LIMIT).toBe(150_000n)
    const assumed = swapDetails(base)
    expect(assumed.gasFee).toBe(150_000n * 4_000_000_000n)
    expect(assumed.gasPriceInUSD).toBeCloseTo(0.0006 * 3000, 9)
    const built = swapDetails({ ...base, gasLimit: 200_000n })
    expect(built.gasFee).toBe(800_000_000_000_000n)
    expect(built.gasPriceInUSD).toBeCloseTo(2.4, 9)
    expect(swapDetails({ ...base, networkPriceUsd: undefined }).gasPriceInUSD).toBeUndefined()
  })

  it('max slippage: 1 % of the quoted output', () => {
    expect(swapDetails(base).maxSlippage).toBe(29_880_209n)
  })
})

describe('decisions', () => {
  it('allowance is sufficient only at or above the source amount', () => {
    expect(isAllowanceSufficient(100n, 100n)).toBe(true)
    expect(isAllowanceSufficient(101n, 100n)).toBe(true)
    expect(isAllowanceSufficient(99n, 100n)).toBe(false)
    expect(isAllowanceSufficient(0n, 1n)).toBe(false)
  })

  it('insufficient balance: held below the amount', () => {
    expect(hasInsufficientBalance(decimalToUnits('10000', 6), 10_000_000_000n)).toBe(false)
    expect(hasInsufficientBalance(decimalToUnits('10000', 6), 10_000_000_001n)).toBe(true)
  })

  it('insufficient gas: no network balance, or less than the gas cost; never for a smart account', () => {
    expect(hasInsufficientGas(0, 1, false)).toBe(true)
    expect(hasInsufficientGas(0.5, 1, false)).toBe(true)
    expect(hasInsufficientGas(2, 1, false)).toBe(false)
    expect(hasInsufficientGas(2, undefined, false)).toBe(false)
    expect(hasInsufficientGas(0, 1, true)).toBe(false)
    expect(hasInsufficientGas(0.5, 1, true)).toBe(false)
  })
})

describe('formatting', () => {
  it('the destination with 6 decimals, en-US', () => {
    expect(formatDestination(2_988_020_943n, 6)).toBe('2,988.020943')
    expect(formatDestination(1_234_567_891_234_567_891n, 18)).toBe('1.234568')
  })

  it('swap messages with 3 decimals', () => {
    expect(formatSwapAmount(ETH, 18, 'ETH')).toBe('1 ETH')
    expect(formatSwapAmount(2_988_020_943n, 6, 'USDC')).toBe('2,988.021 USDC')
    expect(formatSwapAmount(10_500_000n, 6, 'USDC')).toBe('10.5 USDC')
  })

  it('decimal quantities to smallest units', () => {
    expect(decimalToUnits('1.5', 18)).toBe(15n * 10n ** 17n)
    expect(decimalToUnits('oops', 18)).toBe(0n)
  })
})
