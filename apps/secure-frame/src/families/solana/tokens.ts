import type { TokenInfo } from '../../display/amounts'

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
