/** Bytes as lower-case hex without a prefix, as Bitcoin writes scripts, keys and (reversed) txids. */
export const bytesToHex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
