import type { FamilyView } from '../types'
import { decodeEip155Request, type Eip155Kind } from './decode'
import { eip155Parts } from './render'

export type { Eip155Kind } from './decode'

const TITLES: Record<Eip155Kind['kind'], string> = {
  transaction: 'Transaction request',
  calls: 'Batch request',
  permissions: 'Permission request',
  revoke: 'Revoke permission',
  typedData: 'Signature request',
}

/** eip155 in the confirmation: its chains are numbers (the protocol's FrameChainId). */
export const eip155View: FamilyView<number, Eip155Kind> = {
  namespace: 'eip155',
  chainOf: (chainId) => (typeof chainId === 'number' ? chainId : undefined),
  decode: decodeEip155Request,
  title: (decoded) => TITLES[decoded.kind],
  parts: eip155Parts,
}
