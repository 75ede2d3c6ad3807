import { bip122Family } from './bip122'
import { eip155Family, type Eip155Services } from './eip155'
import { polkadotFamily } from './polkadot'
import { solanaFamily, type SolanaServices } from './solana'
import type { FrameFamily } from './types'

/**
 * The chain families the secure frame serves: a family is its folder and a line here (and in
 * views.ts). Not registered until implemented and tested against their wallets' vectors:
 * - bip122 taproot (BIP-86 `m/86'/…`) beside the native segwit account, if wanted.
 * - polkadot sr25519 as polkadot-js and Talisman derive it: its mini-secret comes from the BIP-39
 *   *entropy* through substrate's own PBKDF2, not from the seed a family is given, so it would
 *   widen what every family receives (polkadot/derive.ts has the ed25519 account instead).
 */
export const FAMILIES: readonly FrameFamily<FrameServices>[] = [eip155Family, solanaFamily, bip122Family, polkadotFamily]

/** What the families' requests are given to reach the chains: each family's own services. */
export type FrameServices = Eip155Services & SolanaServices

/**
 * The family whose request this is. A request names its method, not its namespace: each method is
 * one family's (the protocol's schemas per namespace), so the method says it, here and nowhere else.
 */
export function familyOf(method: string): FrameFamily<FrameServices> | undefined {
  return FAMILIES.find((family) => family.methods.includes(method))
}
