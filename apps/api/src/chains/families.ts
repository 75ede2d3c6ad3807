import { bip122Family } from './bip122/family'
import { eip155Family } from './eip155/family'
import { polkadotFamily } from './polkadot/family'
import { solanaFamily } from './solana/family'

/**
 * The chain families the API serves, one folder each under chains/. A capability keeps its side of
 * every family in a `Record<Namespace, …>`, so a family added here (bip122: chains/bip122/ and a
 * line) fails to typecheck until each capability has its side. Order matters where an address could
 * read as two: eip155 first, since 40 hex digits without 0x are an EVM address even where they also
 * read as base58; bip122 before solana, since a legacy Bitcoin address is base58 too and only
 * Bitcoin's checksum tells it apart (chains/bip122/address.ts). A Polkadot SS58 address (35 or 36
 * bytes with a blake2 checksum) reads as no other family's address, nor theirs as one.
 */
export const FAMILIES = { eip155: eip155Family, bip122: bip122Family, solana: solanaFamily, polkadot: polkadotFamily }

export type Namespace = keyof typeof FAMILIES

export const NAMESPACES = Object.keys(FAMILIES) as Namespace[]

export function isNamespace(value: string | undefined): value is Namespace {
  return value !== undefined && Object.hasOwn(FAMILIES, value)
}

/** The first family that reads `value` as one of its accounts (bare or CAIP-10). */
export function parseAnyAccount(value: string): { namespace: Namespace; address: string; chain?: string } | undefined {
  for (const namespace of NAMESPACES) {
    const account = FAMILIES[namespace].parseAccount(value)
    if (account) return { namespace, ...account }
  }
  return undefined
}
