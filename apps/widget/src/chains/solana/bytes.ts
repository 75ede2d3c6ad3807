import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, type ReadonlyUint8Array } from '@solana/kit'

/**
 * Solana's two text forms of bytes (WalletConnect's JSON-RPC): base58 for keys, signatures and
 * messages, base64 for transactions. Plain Uint8Arrays come out, since the host's checks and
 * structured clone want them. The callers check the text first: a bad character throws here.
 */

export const base58ToBytes = (text: string): Uint8Array => new Uint8Array(getBase58Encoder().encode(text))
export const bytesToBase58 = (bytes: ReadonlyUint8Array): string => getBase58Decoder().decode(bytes)
export const base64ToBytes = (text: string): Uint8Array => new Uint8Array(getBase64Encoder().encode(text))
export const bytesToBase64 = (bytes: ReadonlyUint8Array): string => getBase64Decoder().decode(bytes)
