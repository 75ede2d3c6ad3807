import type { TokenInfo } from './calldata'

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

/**
 * Mints whose symbol the Solana confirmation shows (transferChecked carries the decimals itself).
 * Keys: the cluster's CAIP-2 id, then the mint (base58, case matters).
 */
export const KNOWN_SOLANA_MINTS: ReadonlyMap<string, ReadonlyMap<string, TokenInfo>> = new Map([
  [
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    new Map(
      Object.entries({
        EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: { symbol: 'USDC', decimals: 6 },
        Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: { symbol: 'USDT', decimals: 6 },
      }),
    ),
  ],
  // packages/devnet solana/accounts.ts (SOLANA_DEVNET_USDC_MINT), on the Airlock Solana devnet.
  ['solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z', new Map([['7pNMNCN2nC16Fvq2bL93ZstV5JfkJsS3Xom4unBCSACw', { symbol: 'USDC', decimals: 6 }]])],
])

/** The symbol and decimals of a mint the frame knows on this cluster, else undefined. */
export function knownMint(cluster: string, mint: string): TokenInfo | undefined {
  return KNOWN_SOLANA_MINTS.get(cluster)?.get(mint)
}
