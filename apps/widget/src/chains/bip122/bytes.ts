/** Base64 and hex, which Bitcoin's RPCs write bytes in; plain Uint8Arrays, which structured clone carries. */

export const base64ToBytes = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
export const bytesToBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))
export const bytesToHex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
