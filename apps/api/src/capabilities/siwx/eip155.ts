import { EIP155_SIWX } from '@airlock/protocol'
import { getAddress, isAddress, type Address, type Hex } from 'viem'
import { SIGNATURE_PATTERN, verifySignedMessage } from '../../chains/eip155/signatures'
import type { SiwxFamily } from './family'

/** EIP-4361 sign-in: EOA signatures locally, ERC-1271 and ERC-6492 through the chain's node (chains/eip155/signatures.ts). */
export const eip155Siwx: SiwxFamily = {
  template: EIP155_SIWX,
  // EIP-4361 writes the EIP-55 form; viem's createSiweMessage does too.
  isAddress: (address) => isAddress(address, { strict: false }) && getAddress(address) === address,
  isSignature: (signature) => SIGNATURE_PATTERN.test(signature),
  verify: (chains, { address, message, signature, caipNetworkId }) =>
    verifySignedMessage(chains, { address: address as Address, message, signature: signature as Hex, caipNetworkId }),
}
