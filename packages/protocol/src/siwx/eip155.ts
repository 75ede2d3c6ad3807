import type { SiwxTemplate } from './message'

/**
 * EIP-4361 (Sign-In with Ethereum) exactly as `viem/siwe` `createSiweMessage` writes it: no scheme
 * before the domain, a blank line after the address even without a statement, the decimal chain id,
 * times as toISOString writes them. The address must be EIP-55 checksummed (the verifier checks it:
 * this package computes no keccak).
 */
export const EIP155_SIWX: SiwxTemplate = {
  namespace: 'eip155',
  account: 'Ethereum',
  blankLineWithoutStatement: true,
  chainField: (chainId) => /^eip155:[1-9][0-9]{0,15}$/.exec(chainId)?.[0].slice('eip155:'.length),
  chainIdOf: (field) => `eip155:${field}`,
}
