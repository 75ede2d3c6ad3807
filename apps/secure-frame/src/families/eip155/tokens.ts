import type { TokenInfo } from '../../display/amounts'

/**
 * Tokens whose amounts the confirmation (and its simulation) shows in their units. A symbol handed
 * over by the widget or the dapp, or reported by the token contract itself, would be theirs to
 * forge ('USDC' at any address), so the frame knows a few itself; any other token's amounts are
 * shown in base units beside its address. Keys: lowercase addresses, per chain id.
 */
const DEVNET_TOKENS = new Map<string, TokenInfo>(
  Object.entries({
    // packages/devnet contracts/tokens.ts (DEVNET_TOKENS): the same addresses on both devnet chains.
    '0xcc624c75c7ba01a73e332aaae9daf8ec698d0c58': { symbol: 'USDC', decimals: 6 },
    '0xe481149120ff09958c38cb236202741a1ffa28a3': { symbol: 'DAI', decimals: 18 },
    '0xc81d8f681f9857ffb9479c7dfae9858e7293bee3': { symbol: 'WETH', decimals: 18 },
  }),
)
const ETHEREUM_TOKENS = new Map<string, TokenInfo>(
  Object.entries({
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { symbol: 'USDC', decimals: 6 },
    '0xdac17f958d2ee523a2206206994597c13d831ec7': { symbol: 'USDT', decimals: 6 },
    '0x6b175474e89094c44da98b954eedeac495271d0f': { symbol: 'DAI', decimals: 18 },
    '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': { symbol: 'WETH', decimals: 18 },
  }),
)

export const KNOWN_TOKENS: ReadonlyMap<number, ReadonlyMap<string, TokenInfo>> = new Map([
  [1, ETHEREUM_TOKENS],
  [31337, DEVNET_TOKENS],
  [31338, DEVNET_TOKENS],
])

/** The symbol and decimals of a token the frame knows on this chain, else undefined. */
export function knownToken(chainId: number, address: string): TokenInfo | undefined {
  return KNOWN_TOKENS.get(chainId)?.get(address.toLowerCase())
}
