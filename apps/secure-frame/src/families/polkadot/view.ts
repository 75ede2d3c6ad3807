import type { FamilyView } from '../types'
import { decodePolkadotRequest, type PolkadotKind } from './decode'
import type { PolkadotNetworkId } from './network'
import { polkadotTransactionParts } from './render'

export type { PolkadotKind } from './decode'

/** Polkadot in the confirmation: its networks by their CAIP-2 ids. */
export const polkadotView: FamilyView<PolkadotNetworkId, PolkadotKind> = {
  namespace: 'polkadot',
  chainOf: (chainId) => (typeof chainId === 'string' && chainId.startsWith('polkadot:') ? (chainId as PolkadotNetworkId) : undefined),
  decode: decodePolkadotRequest,
  title: () => 'Polkadot transaction',
  parts: (decoded) => polkadotTransactionParts(decoded.transaction),
}
