/**
 * The byte encodings of the Solana JSON-RPC (base58 keys, messages and signatures, base64
 * transactions) and of the Bitcoin one (base64 PSBTs and signatures, hex public keys), written out
 * because a codec library would not fit the SDK's size budget. Base58 goes through a BigInt: O(n²),
 * fine for the 4 KiB a message may have.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function toBase58(bytes: Uint8Array): string {
  let n = 0n
  let out = ''
  for (const byte of bytes) n = n * 256n + BigInt(byte)
  for (; n; n /= 58n) out = ALPHABET[Number(n % 58n)] + out
  // Each leading zero byte is a leading '1'.
  for (let i = 0; bytes[i] === 0; i++) out = '1' + out
  return out
}

export function fromBase58(text: string): Uint8Array {
  let n = 0n
  const out: number[] = []
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw new TypeError('Expected base58')
    n = n * 58n + BigInt(digit)
  }
  for (; n; n /= 256n) out.unshift(Number(n % 256n))
  for (let i = 0; text[i] === '1'; i++) out.unshift(0)
  return new Uint8Array(out)
}

/** Byte by byte: a PSBT may hold more bytes than a call may take arguments. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))

export function fromHex(text: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(text)) throw new TypeError('Expected hex')
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16))
}
