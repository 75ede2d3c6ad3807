import type { ChainRegistry } from '../chains/registry'
import { eip155Siwx } from './eip155'
import { solanaSiwx } from './solana'

/** What the sign-in routes need of a namespace; the message template itself is @airlock/protocol's. */
export interface SiwxFamily {
  namespace: string
  /** Whether the API serves this CAIP-2 network (a sign-in for a chain it cannot reach is refused). */
  serves(chains: ChainRegistry, caipNetworkId: string): boolean
  /** The address exactly as the namespace's template writes it. */
  isAddress(address: string): boolean
  isSignature(signature: string): boolean
  /** True when `address` signed `message`; may throw ChainUnavailableError (identity/signatures.ts). */
  verify(chains: ChainRegistry, signed: { address: string; message: string; signature: string; caipNetworkId: string }): Promise<boolean>
}

/** One verifier per namespace that signs in: the Bitcoin and Polkadot issues add theirs here. */
export const SIWX_FAMILIES: readonly SiwxFamily[] = [eip155Siwx, solanaSiwx]
