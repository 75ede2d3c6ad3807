import * as z from 'zod/mini'

/**
 * Sign in with X: the message data of a sign-in session (SPEC section 3 `data`), the one text
 * layout its namespaces share, and the one parser. Each namespace (eip155.ts, solana.ts) pins its
 * exact template; a message is accepted only when re-creating it from what was parsed gives the
 * same bytes, so two texts never mean one sign-in and no field hides in a layout the template
 * would not write.
 */

/** No line break (each field is one line of the message) nor any other control character inside a field. */
// eslint-disable-next-line no-control-regex
const oneLine = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[^\x00-\x1f\x7f]*$/))
/** An ISO 8601 instant exactly as `Date.prototype.toISOString` writes it (what `viem/siwe` writes). */
const isoInstant = z.string().check(
  z.maxLength(30),
  z.refine((text) => {
    const time = Date.parse(text)
    return Number.isFinite(time) && new Date(time).toISOString() === text
  }, 'an ISO 8601 instant as toISOString writes it, e.g. 2026-01-01T00:00:00.000Z'),
)

/** EIP-4361's nonce: at least 8 alphanumerics. */
export const SIWX_NONCE_PATTERN = /^[A-Za-z0-9]{8,64}$/

export const SiwxMessageData = z.object({
  /** RFC 3986 authority of the site asking: `host[:port]`. */
  domain: z.string().check(z.maxLength(255), z.regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$/)),
  accountAddress: oneLine(128),
  statement: z.optional(oneLine(1024)),
  uri: oneLine(2048),
  version: z.literal('1'),
  /** CAIP-2 network id, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  chainId: z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
  nonce: z.string().check(z.regex(SIWX_NONCE_PATTERN)),
  issuedAt: isoInstant,
  expirationTime: z.optional(isoInstant),
  notBefore: z.optional(isoInstant),
  requestId: z.optional(oneLine(200)),
  resources: z.optional(z.array(oneLine(2048)).check(z.minLength(1), z.maxLength(32))),
})
export type SiwxMessageData = z.infer<typeof SiwxMessageData>

/** At most this many characters: a sign-in message is read by a person before signing. */
export const SIWX_MESSAGE_MAX_CHARS = 8 * 1024

/** One namespace's template: what differs between the families' texts. */
export interface SiwxTemplate {
  namespace: string
  /** The header's account kind: `… wants you to sign in with your <account> account:`. */
  account: string
  /** Whether the address is followed by an empty line even without a statement (EIP-4361 as viem writes it). */
  blankLineWithoutStatement: boolean
  /** The `Chain ID:` field of a CAIP-2 network id of this namespace, or undefined when it is not one. */
  chainField(chainId: string): string | undefined
  /** The CAIP-2 network id of a `Chain ID:` field. */
  chainIdOf(field: string): string
}

export type SiwxParseResult =
  | { ok: true; namespace: string; data: SiwxMessageData }
  /** `malformed`: not a sign-in message of a known namespace; `not-canonical`: its bytes are not the template's. */
  | { ok: false; error: 'malformed' | 'not-canonical' }

/** The message text of `data` in `template`'s layout; throws RangeError for data the template cannot write. */
export function renderSiwxMessage(template: SiwxTemplate, data: SiwxMessageData): string {
  const parsed = SiwxMessageData.safeParse(data)
  if (!parsed.success) throw new RangeError(`Invalid sign-in message data: ${parsed.error.issues[0]?.path.join('.')}`)
  const chainField = template.chainField(data.chainId)
  if (chainField === undefined) throw new RangeError(`Chain ${data.chainId} is not a ${template.namespace} network`)
  const fields = [
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${chainField}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
    ...(data.expirationTime ? [`Expiration Time: ${data.expirationTime}`] : []),
    ...(data.notBefore ? [`Not Before: ${data.notBefore}`] : []),
    ...(data.requestId ? [`Request ID: ${data.requestId}`] : []),
    ...(data.resources ? ['Resources:', ...data.resources.map((resource) => `- ${resource}`)] : []),
  ]
  const statement = data.statement ? `\n\n${data.statement}` : template.blankLineWithoutStatement ? '\n' : ''
  return `${data.domain} wants you to sign in with your ${template.account} account:\n${data.accountAddress}${statement}\n\n${fields.join('\n')}`
}

const HEADER = /^(.*) wants you to sign in with your (.+) account:$/
const FIELDS = {
  'URI: ': 'uri',
  'Version: ': 'version',
  'Chain ID: ': 'chainId',
  'Nonce: ': 'nonce',
  'Issued At: ': 'issuedAt',
  'Expiration Time: ': 'expirationTime',
  'Not Before: ': 'notBefore',
  'Request ID: ': 'requestId',
} as const

/**
 * Reads a sign-in message of one of `templates`: leniently (each known line where it is found),
 * then renders what it read with the message's template and refuses anything but the same bytes.
 */
export function parseSiwxMessage(templates: readonly SiwxTemplate[], message: string): SiwxParseResult {
  if (message.length > SIWX_MESSAGE_MAX_CHARS) return { ok: false, error: 'malformed' }
  // Read CRLF too, so that such a text is refused as not the template's rather than as no message.
  const lines = message.split(/\r?\n/)
  const header = HEADER.exec(lines[0] ?? '')
  const template = header && templates.find((candidate) => candidate.account === header[2])
  if (!header || !template) return { ok: false, error: 'malformed' }

  const read: Record<string, unknown> = { domain: header[1], accountAddress: lines[1] }
  const firstField = lines.findIndex((line, index) => index > 1 && line.startsWith('URI: '))
  if (firstField < 0) return { ok: false, error: 'malformed' }
  const statement = lines.slice(2, firstField).filter((line) => line !== '')
  if (statement.length > 1) return { ok: false, error: 'not-canonical' }
  if (statement[0] !== undefined) read.statement = statement[0]
  for (let index = firstField; index < lines.length; index++) {
    const line = lines[index]!
    if (line === 'Resources:') {
      read.resources = lines.slice(index + 1).map((resource) => (resource.startsWith('- ') ? resource.slice(2) : resource))
      break
    }
    const label = (Object.keys(FIELDS) as (keyof typeof FIELDS)[]).find((prefix) => line.startsWith(prefix))
    if (!label) return { ok: false, error: 'not-canonical' }
    read[FIELDS[label]] = line.slice(label.length)
  }
  if (typeof read.chainId === 'string') read.chainId = template.chainIdOf(read.chainId)

  const data = SiwxMessageData.safeParse(read)
  if (!data.success) return { ok: false, error: 'malformed' }
  let again: string
  try {
    again = renderSiwxMessage(template, data.data)
  } catch {
    return { ok: false, error: 'malformed' }
  }
  return again === message ? { ok: true, namespace: template.namespace, data: data.data } : { ok: false, error: 'not-canonical' }
}
