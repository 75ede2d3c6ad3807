import type { SiwxTemplate } from './message'

/**
 * CAIP-122 for Polkadot, laid out as Sign In With Solana is (no blank line for an absent
 * statement). CAIP-122 has no Polkadot profile: the account line is Sign-In with Substrate's
 * (Talisman's @talismn/siws: "sign in with your Substrate account"), which Substrate wallets know.
 * SIWS writes no chain; here `Chain ID` is the CAIP-2 reference (the genesis hash prefix), because
 * a session is bound to one network and one parser reads every namespace's messages. The address
 * is written in that network's SS58 form.
 */
export const POLKADOT_SIWX: SiwxTemplate = {
  namespace: 'polkadot',
  account: 'Substrate',
  blankLineWithoutStatement: false,
  chainField: (chainId) => /^polkadot:[0-9a-f]{32}$/.exec(chainId)?.[0].slice('polkadot:'.length),
  chainIdOf: (field) => `polkadot:${field}`,
}
