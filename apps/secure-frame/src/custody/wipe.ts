/**
 * Zeroise byte buffers this module owns once they are no longer needed.
 *
 * Limits, in JavaScript: this only clears the one `Uint8Array` it is given. It cannot reach copies
 * the engine or a library made (strings, `bigint`s, hex encodings, intermediate arrays inside
 * @noble/@scure or viem, WebCrypto's internal copies, JIT registers, pages swapped to disk), and the
 * garbage collector may have moved the bytes before we clear them. Wiping narrows the window in
 * which a heap dump or a later memory bug exposes a secret; it is not a guarantee.
 */
export function wipe(...buffers: (Uint8Array | null | undefined)[]): void {
  for (const buffer of buffers) buffer?.fill(0)
}
