import type { SiwxTemplate } from './message'

/**
 * CAIP-122 for Bitcoin, laid out as Sign In With Solana is (no blank line for an absent
 * statement; CAIP-122 has no Bitcoin profile of its own). `Chain ID` is the CAIP-2 reference (the
 * genesis hash prefix), which names one network where a name such as `testnet` would not tell
 * testnet, testnet4 and regtest apart.
 */
export const BIP122_SIWX: SiwxTemplate = {
  namespace: 'bip122',
  account: 'Bitcoin',
  blankLineWithoutStatement: false,
  chainField: (chainId) => /^bip122:[0-9a-f]{32}$/.exec(chainId)?.[0].slice('bip122:'.length),
  chainIdOf: (field) => `bip122:${field}`,
}
