import * as z from 'zod/mini'

/**
 * The message a wallet signs (EIP-191 `personal_sign`) to register an account name or replace
 * its attributes. Plain text, SIWE-like, so that a wallet and the secure frame's confirmation show
 * it as it is, and it binds what the old `JSON.stringify({ name, attributes, timestamp })` did not:
 * the API's domain, the purpose, the coin type, the address and a validity window. A signature
 * made for another site, another purpose or another chain does not verify here.
 *
 * The widget builds it with formatNameMessage; the api reads it back with parseNameMessage and
 * accepts only the exact text formatNameMessage gives for the parsed fields.
 */

const SLIP44_MSB = 0x80000000
/** Largest EVM chain id an ENSIP-11 coin type can carry (31 bits). */
export const MAX_EVM_CHAIN_ID = 0x7fffffff

/** ENSIP-11 coin type of an EVM chain: the chain id with the high bit set, unsigned (`|` alone gives a negative number). */
export function evmChainIdToCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId < 1 || chainId > MAX_EVM_CHAIN_ID) throw new RangeError(`Invalid EVM chain id: ${chainId}`)
  return (SLIP44_MSB | chainId) >>> 0
}

/** The EVM chain id of a coin type: 60 is Ethereum mainnet (SLIP-44), else the high bit must be set. Undefined when unsupported. */
export function coinTypeToEvmChainId(coinType: number): number | undefined {
  if (coinType === 60) return 1
  if (!Number.isInteger(coinType) || coinType <= SLIP44_MSB || coinType > 0xffffffff) return undefined
  return coinType - SLIP44_MSB
}

/** What a signed name message is for; a message signed for one is refused for the other. */
export const NAME_MESSAGE_PURPOSE = {
  register: 'Register an Airlock name',
  attributes: "Replace an Airlock name's attributes",
} as const

/** At most this long between Issued At and Expiration Time (and what formatNameMessage gives). */
export const NAME_MESSAGE_TTL_S = 10 * 60
export const NAME_MESSAGE_VERSION = '1'

/** No line breaks inside a field: each field is one line of the message. */
const oneLine = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[^\r\n]*$/))
const unixSeconds = z.number().check(z.int(), z.nonnegative(), z.maximum(253402300799))

export const NameMessage = z.object({
  /** The API's host (`api.example.com`, with `:port` when not the default), as its own config names it. */
  domain: z.string().check(z.maxLength(255), z.regex(/^[a-z0-9.-]+(?::\d{1,5})?$/)),
  purpose: z.enum([NAME_MESSAGE_PURPOSE.register, NAME_MESSAGE_PURPOSE.attributes]),
  name: oneLine(300),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  /** ENSIP-11 coin type of an EVM chain (60 or the chain id with the high bit set). */
  coinType: z.number().check(z.refine((coinType) => coinTypeToEvmChainId(coinType) !== undefined)),
  /** Unix seconds. */
  issuedAt: unixSeconds,
  expiresAt: unixSeconds,
  attributes: z.object({ avatar: z.optional(oneLine(255)), bio: z.optional(oneLine(255)) }),
})
export type NameMessage = z.infer<typeof NameMessage>

/** The attribute lines, in this order after the Chain ID line, each only when set. */
const ATTRIBUTE_LABELS = [
  ['avatar', 'Avatar'],
  ['bio', 'Bio'],
] as const

const header = (domain: string) => `${domain} asks you to sign this Airlock name message.`
const isoSeconds = (unixS: number) => new Date(unixS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The fields' text, one `Label: value` line each after the header. */
export function formatNameMessage(message: NameMessage): string {
  const { domain, purpose, name, address, coinType, issuedAt, expiresAt, attributes } = message
  const lines = [
    header(domain),
    '',
    `Purpose: ${purpose}`,
    `Name: ${name}`,
    `Address: ${address}`,
    `Coin Type: ${coinType}`,
    `Chain ID: ${coinTypeToEvmChainId(coinType)}`,
    ...ATTRIBUTE_LABELS.flatMap(([key, label]) => (attributes[key] === undefined ? [] : [`${label}: ${attributes[key]}`])),
    `Issued At: ${isoSeconds(issuedAt)}`,
    `Expiration Time: ${isoSeconds(expiresAt)}`,
    `Version: ${NAME_MESSAGE_VERSION}`,
  ]
  return lines.join('\n')
}

/** The message to sign now (`nowMs`): issued at the current second, valid for NAME_MESSAGE_TTL_S. */
export function nameMessageNow(fields: Omit<NameMessage, 'issuedAt' | 'expiresAt'>, nowMs: number): string {
  const issuedAt = Math.floor(nowMs / 1000)
  return formatNameMessage({ ...fields, issuedAt, expiresAt: issuedAt + NAME_MESSAGE_TTL_S })
}

const HEADER = /^(\S{1,300}) asks you to sign this Airlock name message\.$/
const FIELD = /^([A-Z][A-Za-z ]*): (.*)$/

/** The fields of a name message; undefined unless `text` is exactly what formatNameMessage gives for them. */
export function parseNameMessage(text: string): NameMessage | undefined {
  if (text.length > 4096) return undefined
  const [first, blank, ...rest] = text.split('\n')
  const domain = first?.match(HEADER)?.[1]
  if (domain === undefined || blank !== '') return undefined
  const fields = new Map<string, string>()
  for (const line of rest) {
    const [, label, value] = line.match(FIELD) ?? []
    if (label === undefined || value === undefined || fields.has(label)) return undefined
    fields.set(label, value)
  }
  const seconds = (label: string) => {
    const iso = fields.get(label)
    return iso && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(iso) ? Date.parse(iso) / 1000 : NaN
  }
  const parsed = NameMessage.safeParse({
    domain,
    purpose: fields.get('Purpose'),
    name: fields.get('Name'),
    address: fields.get('Address'),
    coinType: /^\d{1,10}$/.test(fields.get('Coin Type') ?? '') ? Number(fields.get('Coin Type')) : NaN,
    issuedAt: seconds('Issued At'),
    expiresAt: seconds('Expiration Time'),
    attributes: Object.fromEntries(ATTRIBUTE_LABELS.flatMap(([key, label]) => (fields.has(label) ? [[key, fields.get(label)]] : []))),
  })
  // Canonical text only: field order, the Chain ID line, the version and the dates are all as formatted.
  if (!parsed.success || formatNameMessage(parsed.data) !== text) return undefined
  return parsed.data
}
