import { describe, expect, it } from 'vitest'
import type { TokenBalance } from '../../core/http/accountData'
import { isNativeToken, myTokensWithBalance, popularTokens, searchTokens, suggestedTokens, type SwapToken } from './tokens'

const CHAIN = 'eip155:31337'
const token = (symbol: string, address: string, decimals = 18): SwapToken => ({
  name: `${symbol} token`,
  symbol,
  address: `${CHAIN}:${address}`,
  decimals,
  logoUri: `http://api/${symbol}`,
  eip2612: false,
})
const ETH = token('ETH', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
const USDC = token('USDC', '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58', 6)
const DAI = token('DAI', '0xE481149120FF09958c38Cb236202741a1ffa28a3')
const WETH = token('WETH', '0x0000000000000000000000000000000000000001')
const list = [WETH, USDC, ETH, DAI]

describe('token lists', () => {
  it('popular tokens are sorted by symbol', () => {
    expect(popularTokens(list).map((t) => t.symbol)).toEqual(['DAI', 'ETH', 'USDC', 'WETH'])
  })

  it('suggested tokens follow the suggestion order and exist on the chain', () => {
    expect(suggestedTokens(list).map((t) => t.symbol)).toEqual(['USDC', 'DAI', 'WETH'])
  })

  it('search matches symbol, name or address, case-insensitively', () => {
    expect(searchTokens(list, 'usd').map((t) => t.symbol)).toEqual(['USDC'])
    expect(searchTokens(list, 'dai TOKEN').map((t) => t.symbol)).toEqual(['DAI'])
    expect(searchTokens(list, '0xcc624c').map((t) => t.symbol)).toEqual(['USDC'])
    expect(searchTokens(list, '  ')).toHaveLength(4)
    expect(searchTokens(list, 'nothing')).toEqual([])
  })

  it('the native token is the 0xeeee… address', () => {
    expect(isNativeToken(ETH)).toBe(true)
    expect(isNativeToken(USDC)).toBe(false)
  })

  it('my tokens: held balances on this chain, the native one at the native address, with their quantities', () => {
    const balance = (symbol: string, numeric: string, address?: string, chainId = CHAIN): TokenBalance => ({
      name: symbol,
      symbol,
      chainId,
      ...(address ? { address } : {}),
      quantity: { decimals: symbol === 'USDC' ? '6' : '18', numeric },
      iconUrl: '',
      price: 1,
      value: 1,
    })
    const mine = myTokensWithBalance(
      [
        balance('ETH', '2.5'),
        balance('USDC', '10', USDC.address),
        balance('DAI', '0', DAI.address),
        balance('ETH', '1', undefined, 'eip155:1'),
      ],
      list,
      CHAIN,
    )
    expect(mine.map((t) => [t.symbol, t.address, t.quantity?.numeric])).toEqual([
      ['ETH', ETH.address, '2.5'],
      ['USDC', USDC.address, '10'],
    ])
    expect(mine[1]!.decimals).toBe(6)
  })
})
