import { parseCaipNetworkId } from '../address'
import { ss58PrefixOf } from '../networks'
import { decodeSs58Checked, encodeSs58 } from './ss58'

export type ParsedPolkadotAddress = { ok: true; address: string; publicKey: Uint8Array } | { ok: false; error: string; typo?: true }

export const PolkadotAddressError = {
  invalid: 'Enter a valid Polkadot address',
  checksum: 'Address checksum is invalid: check the address',
  publicKey: 'Enter the SS58 address, not a public key or hash',
  unknownNetwork: 'Network not supported',
} as const

const HEX_32 = /^0x[0-9a-fA-F]{64}$/

/**
 * SPEC section 5 for polkadot: a receiver or account on `caipNetworkId`, in that network's SS58
 * form. Unlike a Bitcoin address, an SS58 address names no network: its prefix is only how the
 * same 32-byte account id is written, and the account is the same on every chain. So an address
 * written for another prefix is taken and re-encoded in the network's (what Polkadot wallets do:
 * polkadot-js apps, Talisman, Nova). A failed checksum is a typo. A 0x-hex 32-byte key is refused:
 * a block or transaction hash reads the same, and funds sent to one are lost.
 */
export function parsePolkadotAddress(input: string, caipNetworkId: string): ParsedPolkadotAddress {
  if (parseCaipNetworkId(caipNetworkId)?.namespace !== 'polkadot') return { ok: false, error: PolkadotAddressError.unknownNetwork }
  const value = input.trim()
  if (HEX_32.test(value)) return { ok: false, error: PolkadotAddressError.publicKey }
  const decoded = decodeSs58Checked(value)
  if (!decoded) return { ok: false, error: PolkadotAddressError.invalid }
  if (!decoded.checksumOk) return { ok: false, error: PolkadotAddressError.checksum, typo: true }
  return { ok: true, address: encodeSs58(decoded.publicKey, ss58PrefixOf(caipNetworkId)), publicKey: decoded.publicKey }
}

/** The SS58 address of a 32-byte public key on `caipNetworkId` (the generic prefix 42 on a network Airlock does not list). */
export function polkadotAddressOn(publicKey: Uint8Array, caipNetworkId: string): string {
  return encodeSs58(publicKey, ss58PrefixOf(caipNetworkId))
}
