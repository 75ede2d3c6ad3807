import type { SiwxTemplate } from './message'

/**
 * CAIP-122 for Solana with the Sign In With Solana field names, as `@solana/wallet-standard-util`
 * `createSignInMessageText` lays them out (no blank line for an absent statement). `Chain ID` is the
 * CAIP-2 reference (the genesis hash prefix, e.g. `5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`), which names
 * one cluster where SIWS's `mainnet` / `devnet` names would not tell a local validator apart.
 */
export const SOLANA_SIWX: SiwxTemplate = {
  namespace: 'solana',
  account: 'Solana',
  blankLineWithoutStatement: false,
  chainField: (chainId) => /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.exec(chainId)?.[0].slice('solana:'.length),
  chainIdOf: (field) => `solana:${field}`,
}
