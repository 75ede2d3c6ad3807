import { bip122Family } from './bip122'
import { eip155Family, type Eip155Services } from './eip155'
import { solanaFamily, type SolanaServices } from './solana'
import type { FrameFamily } from './types'

/**
 * The chain families the secure frame serves: a family is its folder and a line here (and in
 * views.ts). Not registered until implemented and tested against their wallets' vectors:
 * - bip122 taproot (BIP-86 `m/86'/…`) beside the native segwit account, if wanted.
 * - polkadot: sr25519 with the substrate "//hard" junctions (Polkadot.js / Talisman derive from
 *   the mini-secret = BIP-39 *entropy* through substrate's own PBKDF2, not the BIP-39 seed), or
 *   ed25519 SLIP-10 `m/44'/354'/i'/0'/0'` as Ledger does; pick one per product decision.
 */
export const FAMILIES: readonly FrameFamily<FrameServices>[] = [eip155Family, solanaFamily, bip122Family]

/** What the families' requests are given to reach the chains: each family's own services. */
export type FrameServices = Eip155Services & SolanaServices

/**
 * The family whose request this is. A request names its method, not its namespace: each method is
 * one family's (the protocol's schemas per namespace), so the method says it, here and nowhere else.
 */
export function familyOf(method: string): FrameFamily<FrameServices> | undefined {
  return FAMILIES.find((family) => family.methods.includes(method))
}
