import { polkadotAssetHub } from '@airlock/chains'
import { decodeSs58, parsePolkadotAddress } from '@airlock/chains/polkadot'
import type { ParsedAddress } from '../types'

/**
 * SPEC section 5 for polkadot, through @airlock/chains' reading: an SS58 address of any prefix names
 * the same account on every chain, so it is taken and written in the network's format (Polkadot
 * Asset Hub's without a network). A 0x public key is refused: a hash reads the same.
 */
export function parseAddressOn(input: string, caipNetworkId: string = polkadotAssetHub.caipNetworkId): ParsedAddress {
  const parsed = parsePolkadotAddress(input, caipNetworkId)
  return parsed.ok ? { ok: true, address: parsed.address } : parsed
}

/** An SS58 account address of any prefix (a session's account is compared by its key: sameAccount). */
export const isPolkadotAddress = (value: string): boolean => decodeSs58(value) !== undefined

/** Whether two SS58 addresses, in whatever prefixes, name one account. */
export function sameAccount(a: string, b: string): boolean {
  const [x, y] = [decodeSs58(a)?.publicKey, decodeSs58(b)?.publicKey]
  return !!x && !!y && x.every((byte, i) => byte === y[i])
}
