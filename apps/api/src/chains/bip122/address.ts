import { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet, bitcoinTestnet4 } from '@airlock/chains'
import { address as btcAddress } from 'bitcoinjs-lib'

/**
 * Bitcoin addresses per network (SPEC section 5): bech32 (segwit v0: P2WPKH, P2WSH) and bech32m
 * (segwit v1: taproot) with the network's prefix, and base58check P2PKH / P2SH with its version
 * bytes. Every form is checksum-validated, so a base58 string is a Bitcoin address only when its
 * last 4 bytes say so: a Solana key (32 bytes, no checksum) never passes.
 */
interface AddressFormat {
  /** bech32 human-readable part. */
  hrp: string
  /** base58check version bytes. */
  p2pkh: number
  p2sh: number
}

const MAINNET: AddressFormat = { hrp: 'bc', p2pkh: 0x00, p2sh: 0x05 }
const TESTNET: AddressFormat = { hrp: 'tb', p2pkh: 0x6f, p2sh: 0xc4 }
// Regtest writes base58 as testnet does (m/n/2) and bech32 with its own prefix.
const REGTEST: AddressFormat = { hrp: 'bcrt', p2pkh: 0x6f, p2sh: 0xc4 }

/** CAIP-2 id -> the address format of that network. */
export const BITCOIN_NETWORKS: ReadonlyMap<string, AddressFormat> = new Map([
  [bitcoin.caipNetworkId, MAINNET],
  [bitcoinTestnet.caipNetworkId, TESTNET],
  [bitcoinTestnet4.caipNetworkId, TESTNET],
  [bitcoinSignet.caipNetworkId, TESTNET],
  [bitcoinRegtest.caipNetworkId, REGTEST],
])
const FORMATS = [MAINNET, TESTNET, REGTEST]

/** The address as the format writes it (bech32 lower-case), or undefined when it is not one of the format's. */
function readAs(value: string, format: AddressFormat): string | undefined {
  try {
    if (/^(bc|tb|bcrt)1/i.test(value)) {
      // fromBech32 checks the checksum, refuses mixed case and bech32 for v1 / bech32m for v0.
      const { version, prefix, data } = btcAddress.fromBech32(value)
      if (prefix !== format.hrp) return undefined
      const program = version === 0 ? data.length === 20 || data.length === 32 : version === 1 && data.length === 32
      return program ? value.toLowerCase() : undefined
    }
    const { version } = btcAddress.fromBase58Check(value)
    return version === format.p2pkh || version === format.p2sh ? value : undefined
  } catch {
    return undefined
  }
}

/** A Bitcoin address of any network, as it is written (bech32 lower-case), or undefined. */
export function parseBitcoinAddress(value: string): string | undefined {
  if (value.length < 26 || value.length > 90) return undefined
  for (const format of FORMATS) {
    const address = readAs(value, format)
    if (address) return address
  }
  return undefined
}

/** Whether `address` (as parseBitcoinAddress writes it) is one of network `caipNetworkId`'s. */
export function isAddressOn(address: string, caipNetworkId: string): boolean {
  const format = BITCOIN_NETWORKS.get(caipNetworkId)
  return format !== undefined && readAs(address, format) === address
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
