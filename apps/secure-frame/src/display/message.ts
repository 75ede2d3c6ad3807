/**
 * personal_sign's message for display. The secure frame signs a 0x-hex string as the bytes it
 * encodes and anything else as UTF-8 text (families/eip155/sign.ts, as MetaMask
 * does), so that is how it is read here: hex that is printable UTF-8 is shown as text, other hex as
 * hex, and a plain string as the text it is.
 */

/** Characters of a message shown; the rest is cut (the user is told how long it really is). */
export const MESSAGE_DISPLAY_LIMIT = 20_000

export interface DecodedMessage {
  /** `text`: readable UTF-8; `hex`: bytes that are not (binary, a hash, invisible characters). */
  format: 'text' | 'hex'
  /** What to show, at most MESSAGE_DISPLAY_LIMIT characters. */
  display: string
  /** Bytes signed. */
  byteLength: number
  truncated: boolean
  /** A plain-string message holding invisible or control characters (shown escaped). */
  hasHiddenCharacters: boolean
}

const HEX = /^0x[0-9a-fA-F]*$/

/**
 * Control, format, private-use and unassigned code points, except tab / line breaks and the zero
 * width (non-)joiners that emoji sequences and some scripts need. Bidi overrides (U+202E) are
 * format characters: text holding them could read differently from what is signed.
 */
const HIDDEN = /(?![\t\n\r\u200c\u200d])[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u
const HIDDEN_GLOBAL = new RegExp(HIDDEN.source, 'gu')

export function isPrintableText(text: string): boolean {
  return !HIDDEN.test(text)
}

/** Bytes of an even-length 0x string; undefined for odd lengths. */
export function hexToBytes(hex: string): Uint8Array | undefined {
  const digits = hex.slice(2)
  if (digits.length % 2 !== 0) return undefined
  const bytes = new Uint8Array(digits.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** Strict UTF-8: undefined on any invalid sequence. */
export function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return undefined
  }
}

const cut = (value: string) => (value.length > MESSAGE_DISPLAY_LIMIT ? value.slice(0, MESSAGE_DISPLAY_LIMIT) : value)

export function decodeMessage(message: string): DecodedMessage {
  if (HEX.test(message)) {
    const bytes = hexToBytes(message)
    const text = bytes && utf8(bytes)
    const byteLength = bytes?.length ?? Math.ceil((message.length - 2) / 2)
    if (text !== undefined && text.length > 0 && isPrintableText(text)) {
      return { format: 'text', display: cut(text), byteLength, truncated: text.length > MESSAGE_DISPLAY_LIMIT, hasHiddenCharacters: false }
    }
    return {
      format: 'hex',
      display: cut(message),
      byteLength,
      truncated: message.length > MESSAGE_DISPLAY_LIMIT,
      hasHiddenCharacters: false,
    }
  }
  const byteLength = new TextEncoder().encode(message).length
  const hidden = !isPrintableText(message)
  const shown = hidden ? escapeHidden(message) : message
  return { format: 'text', display: cut(shown), byteLength, truncated: shown.length > MESSAGE_DISPLAY_LIMIT, hasHiddenCharacters: hidden }
}

/** `\u{202e}` in place of each invisible character, so that the user sees it is there. */
export function escapeHidden(text: string): string {
  return text.replace(HIDDEN_GLOBAL, (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`)
}
