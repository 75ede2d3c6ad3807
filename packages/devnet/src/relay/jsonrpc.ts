/**
 * JSON-RPC framing that keeps request ids exact. The WalletConnect clients use 19-digit ids
 * (`getBigIntRpcId`, above 2^53) and match answers by the exact digits, so an id that went
 * through JSON.parse as a number would come back rounded and the client would never see its
 * answer. We read the raw text of the top-level "id" and splice it back verbatim.
 */

export type RawId = string

export interface ParsedFrame {
  /** The top-level "id" exactly as sent (`1755012345678901234`, `"abc"`), or undefined for a notification. */
  rawId: RawId | undefined
  /** The parsed object; its `id` may be rounded: use rawId. */
  message: Record<string, unknown>
}

const WS = new Set([' ', '\t', '\n', '\r'])

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i]!)) i++
  return i
}

/** Index just past the string literal starting at `i` (which is a `"`). */
function endOfString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j]
    if (c === '\\') j++
    else if (c === '"') return j + 1
  }
  return -1
}

/** Index just past the JSON value starting at `i`. Assumes the text is valid JSON (JSON.parse checked it). */
function endOfValue(text: string, i: number): number {
  const c = text[i]
  if (c === '"') return endOfString(text, i)
  if (c === '{' || c === '[') {
    let depth = 0
    for (let j = i; j < text.length; j++) {
      const d = text[j]
      if (d === '"') {
        j = endOfString(text, j) - 1
        if (j < 0) return -1
      } else if (d === '{' || d === '[') depth++
      else if (d === '}' || d === ']') {
        depth--
        if (depth === 0) return j + 1
      }
    }
    return -1
  }
  let j = i
  while (j < text.length && !WS.has(text[j]!) && text[j] !== ',' && text[j] !== '}' && text[j] !== ']') j++
  return j
}

/** The raw text of the top-level `"id"` member of a JSON object, or undefined. */
export function rawTopLevelId(text: string): RawId | undefined {
  let i = skipWs(text, 0)
  if (text[i] !== '{') return undefined
  i++
  for (;;) {
    i = skipWs(text, i)
    if (text[i] !== '"') return undefined
    const keyEnd = endOfString(text, i)
    if (keyEnd < 0) return undefined
    const key = JSON.parse(text.slice(i, keyEnd)) as string
    i = skipWs(text, keyEnd)
    if (text[i] !== ':') return undefined
    i = skipWs(text, i + 1)
    const valueEnd = endOfValue(text, i)
    if (valueEnd < 0) return undefined
    if (key === 'id') return text.slice(i, valueEnd)
    i = skipWs(text, valueEnd)
    if (text[i] !== ',') return undefined
    i++
  }
}

const VALID_ID = /^(-?\d+|"(?:[^"\\]|\\.)*")$/

/** Parses one frame; throws SyntaxError when it is not a JSON object. */
export function parseFrame(text: string): ParsedFrame {
  const message = JSON.parse(text) as unknown
  if (!message || typeof message !== 'object' || Array.isArray(message)) throw new SyntaxError('expected a JSON-RPC object')
  const raw = rawTopLevelId(text)
  return { rawId: raw !== undefined && VALID_ID.test(raw) ? raw : undefined, message: message as Record<string, unknown> }
}

const idText = (rawId: RawId | undefined) => rawId ?? 'null'

export const formatResult = (rawId: RawId | undefined, result: unknown): string =>
  `{"id":${idText(rawId)},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`

export const formatError = (rawId: RawId | undefined, code: number, message: string): string =>
  `{"id":${idText(rawId)},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`

export const formatRequest = (rawId: RawId, method: string, params: unknown): string =>
  `{"id":${rawId},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`

let counter = 0
/** A 19-digit id like the clients' own (`Date.now()` then 6 digits), so the clients' big-id handling is exercised. */
export function nextRawId(): RawId {
  counter = (counter + 1) % 1_000_000
  return `${Date.now()}${String(counter).padStart(6, '0')}`
}
