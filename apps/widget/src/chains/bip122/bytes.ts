/**
 * Base64, which Bitcoin's RPCs write bytes in; plain Uint8Arrays, which structured clone carries.
 * Hex is @airlock/chains/bip122's bytesToHex.
 */

export const base64ToBytes = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
export const bytesToBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))
