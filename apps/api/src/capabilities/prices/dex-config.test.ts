import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from './caip'
import { listedTokens, poolAddress, resolveToken, tokenIconUrl, uniswapV2DexConfig } from './dex-config'

const contracts = {
  uniswapV2Router: '0xb9ab91835f6b5fbfbe5a7910edd3f9ff308f4427',
  uniswapV2Factory: '0x1bffff374225e01e254cc1fb714761f4ba478628',
  weth: '0xc81d8f681f9857ffb9479c7dfae9858e7293bee3',
  usdc: '0xcc624c75c7ba01a73e332aaae9daf8ec698d0c58',
}
const tokens = [
  { address: contracts.usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, logoUri: 'data:,' },
  { address: contracts.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
  { address: '0x4a4992e84f8bcd02ca5a78d70c0bd7feee750b45', symbol: 'SPAM', name: 'Free Airdrop Reward', decimals: 18, spam: true as const },
]

describe('uniswapV2DexConfig', () => {
  const dex = uniswapV2DexConfig(['eip155:31337', 'eip155:31338'], { contracts, tokens })

  it('gives every chain the same checksummed deployment', () => {
    expect(Object.keys(dex)).toEqual(['eip155:31337', 'eip155:31338'])
    expect(dex['eip155:31337']!.router).toBe('0xB9aB91835F6b5fBFbe5a7910edD3F9Ff308f4427')
    expect(dex['eip155:31338']!.tokens.map((t) => t.symbol)).toEqual(['USDC', 'WETH', 'SPAM'])
    expect(dex['eip155:31337']!.tokens[2]!.spam).toBe(true)
    expect(dex['eip155:31337']!.tokens[0]).not.toHaveProperty('logoUri')
  })

  it('lists native first and leaves spam out', () => {
    const listed = listedTokens(dex['eip155:31337']!)
    expect(listed.map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'WETH'])
    expect(listed[0]).toMatchObject({ address: NATIVE_TOKEN_ADDRESS, decimals: 18, native: true })
    expect(resolveToken(dex['eip155:31337']!, tokens[2]!.address)).toBeUndefined()
    expect(resolveToken(dex['eip155:31337']!, contracts.usdc.toUpperCase().replace('0X', '0x'))?.symbol).toBe('USDC')
  })

  it('uses WETH for the native token in pools', () => {
    const config = dex['eip155:31337']!
    expect(poolAddress(config, listedTokens(config)[0]!)).toBe(config.weth)
    expect(poolAddress(config, listedTokens(config)[1]!)).toBe(config.usdc)
  })
})

describe('tokenIconUrl', () => {
  it('points at the token image route of the API origin', () => {
    expect(tokenIconUrl('http://api.localhost:4403', 'USDC')).toBe('http://api.localhost:4403/public/getTokenImage/USDC')
  })
})
