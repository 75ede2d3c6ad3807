import type { FamilyView } from '../types'
import type { SolanaCluster } from './cluster'
import { decodeSolanaRequest, type SolanaKind } from './decode'
import { solanaTransactionParts } from './render'

export type { SolanaKind } from './decode'

/** Solana in the confirmation: its clusters by their CAIP-2 ids. */
export const solanaView: FamilyView<SolanaCluster, SolanaKind> = {
  namespace: 'solana',
  chainOf: (chainId) => (typeof chainId === 'string' && chainId.startsWith('solana:') ? (chainId as SolanaCluster) : undefined),
  decode: decodeSolanaRequest,
  title: () => 'Transaction request',
  parts: (decoded) => solanaTransactionParts(decoded.transaction),
}
