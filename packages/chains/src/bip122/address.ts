import { address as bitcoinAddress, type Network } from 'bitcoinjs-lib'
import { bitcoinParams } from './params'

export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

export type ParsedBitcoinAddress =
  { ok: true; address: string; type: BitcoinAddressType; script: Uint8Array } | { ok: false; error: string; typo?: true }

export const BitcoinAddressError = {
  invalid: 'Enter a valid Bitcoin address',
  checksum: 'Address checksum is invalid: check the address',
  network: 'This address belongs to another Bitcoin network',
  unsupported: 'This kind of Bitcoin address is not supported',
  unknownNetwork: 'Network not supported',
} as const

const BECH32 = /^([a-z]{2,4})1[02-9ac-hj-np-z]{6,87}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{25,35}$/
const PREFIXES = ['bc', 'tb', 'bcrt']

/**
 * SPEC section 5 for bip122: a receiver of `caipNetworkId` (segwit v0 and taproot in bech32/bech32m,
 * legacy P2PKH and P2SH in base58check), with its output script. A failed checksum is a typo (money
 * sent there is lost); a valid address of another network is refused, never converted.
 */
export function parseBitcoinAddress(input: string, caipNetworkId: string): ParsedBitcoinAddress {
  const params = bitcoinParams(caipNetworkId)
  if (!params) return { ok: false, error: BitcoinAddressError.unknownNetwork }
  const value = input.trim()
  // Bech32 is case-insensitive but never mixed-case; its canonical form is lower case.
  const lower = value.toLowerCase()
  const bech32 = BECH32.exec(lower)
  if (bech32 && (value === lower || value === value.toUpperCase()) && PREFIXES.includes(bech32[1]!)) return parseSegwit(lower, params)
  if (BASE58.test(value)) return parseBase58(value, params)
  return { ok: false, error: BitcoinAddressError.invalid }
}

function parseSegwit(value: string, params: Network): ParsedBitcoinAddress {
  let decoded: ReturnType<typeof bitcoinAddress.fromBech32>
  try {
    decoded = bitcoinAddress.fromBech32(value)
  } catch {
    return { ok: false, error: BitcoinAddressError.checksum, typo: true }
  }
  if (decoded.prefix !== params.bech32) return { ok: false, error: BitcoinAddressError.network }
  const { version, data } = decoded
  const type =
    version === 0 && data.length === 20
      ? 'p2wpkh'
      : version === 0 && data.length === 32
        ? 'p2wsh'
        : version === 1 && data.length === 32
          ? 'p2tr'
          : undefined
  if (!type) return { ok: false, error: BitcoinAddressError.unsupported }
  // OP_0 or OP_1, then the program pushed whole.
  const script = Uint8Array.of(version === 0 ? 0x00 : 0x51, data.length, ...data)
  return { ok: true, address: value, type, script }
}

function parseBase58(value: string, params: Network): ParsedBitcoinAddress {
  let decoded: ReturnType<typeof bitcoinAddress.fromBase58Check>
  try {
    decoded = bitcoinAddress.fromBase58Check(value)
  } catch {
    // 25 to 35 base58 characters that are no base58check payload of 21 bytes: mistyped, or not Bitcoin at all.
    return { ok: false, error: BitcoinAddressError.invalid }
  }
  const { version, hash } = decoded
  if (version === params.pubKeyHash)
    return { ok: true, address: value, type: 'p2pkh', script: Uint8Array.of(0x76, 0xa9, 0x14, ...hash, 0x88, 0xac) }
  if (version === params.scriptHash) return { ok: true, address: value, type: 'p2sh', script: Uint8Array.of(0xa9, 0x14, ...hash, 0x87) }
  return { ok: false, error: BitcoinAddressError.network }
}

/** The address of an output script on `caipNetworkId`; undefined for a script without one (OP_RETURN, non-standard). */
export function scriptToBitcoinAddress(script: Uint8Array, caipNetworkId: string): string | undefined {
  const params = bitcoinParams(caipNetworkId)
  if (!params) return undefined
  const n = script.length
  if (n === 25 && script[0] === 0x76 && script[1] === 0xa9 && script[2] === 0x14 && script[23] === 0x88 && script[24] === 0xac)
    return bitcoinAddress.toBase58Check(script.slice(3, 23), params.pubKeyHash)
  if (n === 23 && script[0] === 0xa9 && script[1] === 0x14 && script[22] === 0x87)
    return bitcoinAddress.toBase58Check(script.slice(2, 22), params.scriptHash)
  if ((n === 22 || n === 34) && script[0] === 0x00 && script[1] === n - 2) return bitcoinAddress.toBech32(script.slice(2), 0, params.bech32)
  if (n === 34 && script[0] === 0x51 && script[1] === 0x20) return bitcoinAddress.toBech32(script.slice(2), 1, params.bech32)
  return undefined
}
