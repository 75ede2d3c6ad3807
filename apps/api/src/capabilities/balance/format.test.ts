import { parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from '../prices/caip'
import type { ResolvedToken } from '../prices/dex-config'
import { toBalanceItems, usdValue } from './format'

const ETH: ResolvedToken = { address: NATIVE_TOKEN_ADDRESS, name: 'Ether', symbol: 'ETH', decimals: 18, native: true }
const USDC: ResolvedToken = {
  address: '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  native: false,
}
const DAI: ResolvedToken = {
  address: '0xE481149120FF09958c38Cb236202741a1ffa28a3',
  name: 'Dai Stablecoin',
  symbol: 'DAI',
  decimals: 18,
  native: false,
}

describe('toBalanceItems', () => {
  const items = toBalanceItems({
    caip2: 'eip155:31337',
    apiOrigin: 'http://api.localhost:4403',
    holdings: [
      { token: ETH, amount: parseEther('1.5') },
      { token: USDC, amount: parseUnits('12.345678', 6) },
      { token: DAI, amount: 0n },
    ],
    prices: new Map([
      [NATIVE_TOKEN_ADDRESS, 3000],
      [USDC.address.toLowerCase(), 1],
    ]),
  })

  it("has AppKit's Balance shape: no address for native, CAIP-10 for tokens, string quantities", () => {
    expect(items).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 4500,
        price: 3000,
        quantity: { decimals: '18', numeric: '1.5' },
        iconUrl: 'http://api.localhost:4403/public/getTokenImage/ETH',
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: 'eip155:31337:0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58',
        value: 12.345678,
        price: 1,
        quantity: { decimals: '6', numeric: '12.345678' },
        iconUrl: 'http://api.localhost:4403/public/getTokenImage/USDC',
      },
    ])
    expect(items[0]).not.toHaveProperty('address')
  })

  it('omits zero balances and prices an unpriced token at 0', () => {
    const [dai] = toBalanceItems({ caip2: 'eip155:1', apiOrigin: 'http://a', holdings: [{ token: DAI, amount: 1n }], prices: new Map() })
    expect(dai).toMatchObject({ price: 0, value: 0, quantity: { decimals: '18', numeric: '0.000000000000000001' } })
    expect(items.map((i) => i.symbol)).not.toContain('DAI')
  })
})

describe('usdValue', () => {
  it('multiplies and rounds to a micro-dollar', () => {
    expect(usdValue('0.1', 0.2)).toBe(0.02)
    expect(usdValue('1.0000001', 1)).toBe(1)
    expect(usdValue('10000', 3000)).toBe(30_000_000)
  })
})
