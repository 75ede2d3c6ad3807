import { hexToBytes } from '../../display/message'

const HEX = /^0x[0-9a-fA-F]*$/

/**
 * The bytes of polkadot_signMessage's `message` as extensions read it (@polkadot/util's u8aToU8a):
 * 0x-hex as the bytes it encodes, anything else as UTF-8 text, the way display/message.ts shows it.
 * Undefined for hex of an odd number of digits, which u8aToU8a would sign as text although the
 * confirmation shows it as hex.
 */
export function messageBytes(message: string): Uint8Array | undefined {
  return HEX.test(message) ? hexToBytes(message) : new TextEncoder().encode(message)
}
