import { parseEther, parseUnits, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { derivePrices, pairKey, pricingPairs, reserveRatio, sortTokens, type PoolReserves } from './pricing'

const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58' as Address
const DAI = '0xE481149120FF09958c38Cb236202741a1ffa28a3' as Address
const WETH = '0xc81d8F681f9857FFb9479C7dfae9858E7293Bee3' as Address
const XYZ = '0x1111111111111111111111111111111111111111' as Address

function pool(a: Address, amountA: bigint, b: Address, amountB: bigint): [string, PoolReserves] {
  const [token0, token1] = sortTokens(a, b)
  const [reserve0, reserve1] = token0 === a ? [amountA, amountB] : [amountB, amountA]
  return [pairKey(a, b), { token0, token1, reserve0, reserve1 }]
}

const base = {
  usdc: { address: USDC, decimals: 6 },
  weth: { address: WETH, decimals: 18 },
}

describe('reserveRatio', () => {
  it('divides amounts of different decimals exactly', () => {
    expect(reserveRatio(parseUnits('3000000', 6), 6, parseEther('1000'), 18)).toBe(3000)
    expect(reserveRatio(parseEther('1'), 18, parseUnits('4', 6), 6)).toBe(0.25)
    expect(reserveRatio(1n, 6, parseEther('1'), 18)).toBeCloseTo(1e-6, 15)
  })
  it('is undefined for an empty denominator', () => {
    expect(reserveRatio(1n, 6, 0n, 18)).toBeUndefined()
  })
})

describe('derivePrices', () => {
  it('prices USDC at 1, WETH from WETH/USDC and DAI from USDC/DAI', () => {
    const pools = new Map([
      pool(WETH, parseEther('1000'), USDC, parseUnits('3000000', 6)),
      pool(USDC, parseUnits('1000000', 6), DAI, parseEther('1000000')),
      pool(WETH, parseEther('1000'), DAI, parseEther('2000000')),
    ])
    const prices = derivePrices({ ...base, tokens: [{ address: DAI, decimals: 18 }], pools })
    expect(prices.get(USDC.toLowerCase())).toBe(1)
    expect(prices.get(WETH.toLowerCase())).toBe(3000)
    // The USDC pool wins over the (here deliberately different) WETH pool.
    expect(prices.get(DAI.toLowerCase())).toBe(1)
  })

  it('follows the reserves when they move', () => {
    const pools = new Map([pool(WETH, parseEther('1001'), USDC, parseUnits('2997003', 6))])
    expect(derivePrices({ ...base, tokens: [], pools }).get(WETH.toLowerCase())).toBe(2994.00899101)
  })

  it('falls back to the WETH pool times the WETH price', () => {
    const pools = new Map([
      pool(WETH, parseEther('1000'), USDC, parseUnits('3000000', 6)),
      pool(WETH, parseEther('10'), XYZ, parseUnits('60000', 8)),
    ])
    expect(derivePrices({ ...base, tokens: [{ address: XYZ, decimals: 8 }], pools }).get(XYZ.toLowerCase())).toBe(0.5)
  })

  it('gives no price without a pool, with an empty pool, or through WETH without a WETH price', () => {
    const pools = new Map([pool(USDC, 0n, DAI, 0n), pool(WETH, parseEther('1'), XYZ, 1000n)])
    const prices = derivePrices({
      ...base,
      tokens: [
        { address: DAI, decimals: 18 },
        { address: XYZ, decimals: 0 },
      ],
      pools,
    })
    expect(prices.has(DAI.toLowerCase())).toBe(false)
    expect(prices.has(XYZ.toLowerCase())).toBe(false)
    expect(prices.has(WETH.toLowerCase())).toBe(false)
    expect(prices.get(USDC.toLowerCase())).toBe(1)
  })
})

describe('pricingPairs', () => {
  it('lists WETH/USDC plus X/USDC and X/WETH per token, sorted, without duplicates or self-pairs', () => {
    const pairs = pricingPairs(USDC, WETH, [DAI, USDC, WETH, DAI])
    expect(pairs.map(([a, b]) => pairKey(a, b)).sort()).toEqual([pairKey(WETH, USDC), pairKey(DAI, USDC), pairKey(DAI, WETH)].sort())
    for (const [a, b] of pairs) expect(a.toLowerCase() < b.toLowerCase()).toBe(true)
  })
})
