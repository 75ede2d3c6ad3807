import type { Namespace } from '../../chains/families'
import { bip122Siwx } from '../../chains/bip122/siwx'
import { polkadotSiwx } from '../../chains/polkadot/siwx'
import { eip155Siwx } from './eip155'
import type { SiwxFamily } from './family'
import { solanaSiwx } from './solana'

/** One verifier per chain family (chains/families.ts): a family added there is refused by the compiler until it has one here. */
export const SIWX_FAMILIES: Record<Namespace, SiwxFamily> = {
  eip155: eip155Siwx,
  bip122: bip122Siwx,
  solana: solanaSiwx,
  polkadot: polkadotSiwx,
}
