/**
 * AES-256-GCM envelope shared by the device wrap and the recovery seal: a fresh random 96-bit iv per
 * encryption, the 128-bit tag appended to the ciphertext (WebCrypto's layout), and a fixed label as
 * additional data so a blob made for one purpose does not open as the other.
 */
export interface AesGcmEnvelope {
  /** Format version; bump with any change of algorithm or label. */
  v: 1
  iv: Uint8Array
  /** Ciphertext followed by the 16-byte GCM tag. */
  ciphertext: Uint8Array
}

const IV_BYTES = 12

/** WebCrypto's types want ArrayBuffer-backed views; copy only if the bytes sit in a SharedArrayBuffer. */
export function view(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes)
}

export async function aesGcmSeal(key: CryptoKey, plaintext: Uint8Array, label: string): Promise<AesGcmEnvelope> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const additionalData = new TextEncoder().encode(label)
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, view(plaintext)))
  return { v: 1, iv, ciphertext }
}

/** Throws (OperationError) if the key, label, iv or ciphertext is wrong or was tampered with. */
export async function aesGcmOpen(key: CryptoKey, envelope: AesGcmEnvelope, label: string): Promise<Uint8Array> {
  if (envelope.v !== 1) throw new Error(`unknown envelope version ${String(envelope.v)}`)
  if (envelope.iv.length !== IV_BYTES) throw new Error('envelope iv must be 12 bytes')
  const additionalData = new TextEncoder().encode(label)
  const plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: view(envelope.iv), additionalData }, key, view(envelope.ciphertext))
  return new Uint8Array(plaintext)
}
