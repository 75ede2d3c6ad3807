import type { Namespace } from '@airlock/protocol'
import { eip155Deriver, type Eip155Account } from './eip155'
import { solanaDeriver, type SolanaAccount } from './solana'
import type { AccountDeriver } from './types'

export type { AccountDeriver, DerivedAccount } from './types'
export type { Eip155Account } from './eip155'
export type { SolanaAccount } from './solana'

/**
 * The namespaces the secure frame can derive keys for. Extension points, deliberately NOT
 * registered until implemented and tested against their wallets' vectors:
 * - bip122: BIP-84 `m/84'/0'/0'/0/i` (native segwit P2WPKH, bech32) with @scure/bip32 and
 *   @scure/btc-signer, plus BIP-86 taproot if wanted.
 * - polkadot: sr25519 with the substrate "//hard" junctions (Polkadot.js / Talisman derive from
 *   the mini-secret = BIP-39 *entropy* through substrate's own PBKDF2, not the BIP-39 seed), or
 *   ed25519 SLIP-10 `m/44'/354'/i'/0'/0'` as Ledger does; pick one per product decision.
 */
export interface Derivers {
  eip155: AccountDeriver<Eip155Account>
  solana: AccountDeriver<SolanaAccount>
}

export type DerivableNamespace = keyof Derivers

export const derivers: Derivers = {
  eip155: eip155Deriver,
  solana: solanaDeriver,
} satisfies Partial<Record<Namespace, AccountDeriver>>

export function isDerivable(namespace: Namespace): namespace is DerivableNamespace {
  return Object.hasOwn(derivers, namespace)
}
