import { eip155Siwx } from './eip155'
import type { SiwxFamily } from './family'
import { solanaSiwx } from './solana'

/** One verifier per namespace that signs in: the Bitcoin and Polkadot issues add theirs here. */
export const SIWX_FAMILIES: readonly SiwxFamily[] = [eip155Siwx, solanaSiwx]
