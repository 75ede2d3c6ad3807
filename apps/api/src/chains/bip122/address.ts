import { bitcoin, bitcoinRegtest, bitcoinTestnet } from '@airlock/chains'
import { parseBitcoinAddress as parseOn } from '@airlock/chains/bip122'

/**
 * Bitcoin addresses per network (SPEC section 5), read by @airlock/chains/bip122 as the widget and
 * the frame read them: bech32 / bech32m segwit and base58check P2PKH / P2SH, every form
 * checksum-validated, so a Solana key (32 bytes, no checksum) is never one.
 */

/** One network of each address format: testnet4 and signet write theirs as testnet does. */
const FORMATS = [bitcoin, bitcoinTestnet, bitcoinRegtest].map((network) => network.caipNetworkId)

/** Exactly an address of `caipNetworkId`, as it is written (bech32 lower-case), or undefined. */
function readOn(value: string, caipNetworkId: string): string | undefined {
  if (value !== value.trim()) return undefined
  const parsed = parseOn(value, caipNetworkId)
  return parsed.ok ? parsed.address : undefined
}

/** A Bitcoin address of any network, as it is written (bech32 lower-case), or undefined. */
export function parseBitcoinAddress(value: string): string | undefined {
  if (value.length < 26 || value.length > 90) return undefined
  for (const network of FORMATS) {
    const address = readOn(value, network)
    if (address) return address
  }
  return undefined
}

/** Whether `address` (as parseBitcoinAddress writes it) is one of network `caipNetworkId`'s. */
export function isAddressOn(address: string, caipNetworkId: string): boolean {
  return readOn(address, caipNetworkId) === address
}

const CAIP10_BIP122 = /^(bip122:[0-9a-f]{32}):([a-zA-Z0-9]{26,90})$/

/** A bare address, or a CAIP-10 account `bip122:<ref>:<address>` of a known network whose address it is. */
export function parseBitcoinAccount(value: string): { address: string; chain?: string } | undefined {
  const bare = parseBitcoinAddress(value)
  if (bare) return { address: bare }
  const match = CAIP10_BIP122.exec(value)
  const address = match && parseBitcoinAddress(match[2]!)
  return address && isAddressOn(address, match[1]!) ? { address, chain: match[1]! } : undefined
}
