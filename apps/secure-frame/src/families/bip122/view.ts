import type { FamilyView } from '../types'
import { decodeBitcoinRequest, type BitcoinKind } from './decode'
import type { BitcoinNetworkId } from './network'
import { bitcoinPsbtParts } from './render'

export type { BitcoinKind } from './decode'

/** Bitcoin in the confirmation: its networks by their CAIP-2 ids. */
export const bip122View: FamilyView<BitcoinNetworkId, BitcoinKind> = {
  namespace: 'bip122',
  chainOf: (chainId) => (typeof chainId === 'string' && chainId.startsWith('bip122:') ? (chainId as BitcoinNetworkId) : undefined),
  decode: decodeBitcoinRequest,
  title: () => 'Bitcoin transaction',
  parts: (decoded) => bitcoinPsbtParts(decoded.psbt),
}
