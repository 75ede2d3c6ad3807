import { coinTypeToEvmChainId, evmChainIdToCoinType, NAME_MESSAGE_TTL_S, parseNameMessage, type NameMessage } from '@airlock/protocol'

export { coinTypeToEvmChainId, evmChainIdToCoinType }

/**
 * The pure rules of account names (no I/O): name syntax and zones, the signed name message (its
 * text and ENSIP-11 coin types are @airlock/protocol's name-message.ts) and what it must bind, and
 * the attributes a name may carry.
 *
 * A name is `<label>.<zone>`, e.g. `alice.airlock.id`. The zone plays the part of AppKit's
 * `reown.id` / `wcn.id`: AppKit's register view appends it to what the user typed and asks for
 * suggestions with `?zone=`. The label is what SPEC section 5 validates: at least 4 characters
 * of letters, digits and hyphens (AppKit's `validateName`, `/^[a-zA-Z0-9-]{4,}$/`), at most 64
 * (the Blockchain API's limit). Names are case-insensitive and stored lower-case.
 */
export const DEFAULT_NAME_ZONE = 'airlock.id'
export const NAME_LABEL_MIN = 4
export const NAME_LABEL_MAX = 64

/** A signed timestamp (seconds; smart sessions) may be at most this old... */
export const NAME_TIMESTAMP_MAX_AGE_S = 10 * 60
/** ...and at most this far ahead of the server clock (client clocks drift a little; more is refused). */
export const NAME_TIMESTAMP_MAX_SKEW_S = 60

/** Reason texts: the first reason description is what the modal shows (SPEC section 8). */
export const NameReason = {
  labelRule: `Name must be at least ${NAME_LABEL_MIN} characters of letters, digits and hyphens`,
  labelTooLong: `Name must be at most ${NAME_LABEL_MAX} characters before the zone`,
  zone: (zones: readonly string[]) => `Name must end with ${zones.map((zone) => `.${zone}`).join(' or ')}`,
  unknownZone: (zone: string) => `Unsupported name zone: ${zone}`,
  notRegistered: (name: string) => `Name is not registered: ${name}`,
  alreadyRegistered: 'Name is already registered',
  message: 'Message must be an Airlock name message (see the API README)',
  legacyMessage:
    'The JSON name message is no longer accepted: sign the Airlock name message, which names the API domain, purpose and coin type',
  domain: (domain: string) => `The signed message is for another site: ${domain}`,
  purpose: (purpose: string) => `The signed message must have the purpose: ${purpose}`,
  nameMismatch: 'The signed message is for another name',
  addressMismatch: 'The signed message is for another address',
  coinTypeMismatch: 'The signed message is for another coin type',
  issuedInFuture: 'The signed message is issued in the future',
  validity: `The signed message must expire after it is issued, within ${NAME_MESSAGE_TTL_S / 60} minutes`,
  expired: 'The signed message has expired',
  coinType: (coinType: number) => `Unsupported coin type: ${coinType}`,
  timestampTooOld: 'Timestamp is too old',
  timestampInFuture: 'Timestamp is in the future',
  timestampInMs: 'Timestamp must be in seconds, not milliseconds',
  signatureInvalid: 'Signature is invalid',
  signatureUsed: 'Signature has already been used',
  notOwner: 'Address is not the owner of the name',
  attributeValue: (key: string) => `Invalid value for name attribute: ${key}`,
  address: 'Invalid address',
} as const

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string }
const ok = <T>(value: T): Outcome<T> => ({ ok: true, value })
const fail = <T>(reason: string): Outcome<T> => ({ ok: false, reason })

const LABEL = /^[a-z0-9-]+$/

export interface ParsedName {
  /** Lower-case, e.g. `alice.airlock.id`. */
  name: string
  label: string
  zone: string
}

/** A full name in one of `zones`, lower-cased; else the reason it is refused. */
export function parseName(input: string, zones: readonly string[]): Outcome<ParsedName> {
  const lower = input.toLowerCase()
  const zone = zones.find((candidate) => lower.endsWith(`.${candidate}`))
  if (!zone) return fail(NameReason.zone(zones))
  const label = lower.slice(0, -(zone.length + 1))
  const checked = checkLabel(label)
  return checked.ok ? ok({ name: lower, label: checked.value, zone }) : fail(checked.reason)
}

/** A label (the part before the zone) lower-cased; else the reason it is refused. */
export function checkLabel(input: string): Outcome<string> {
  const label = input.toLowerCase()
  if (label.length < NAME_LABEL_MIN || !LABEL.test(label)) return fail(NameReason.labelRule)
  if (label.length > NAME_LABEL_MAX) return fail(NameReason.labelTooLong)
  return ok(label)
}

/** Signed timestamps are unix seconds; anything past this is milliseconds. */
const MS_THRESHOLD = 1e12

/** Undefined when `timestampS` is within [now - 10 min, now + 60 s], else the reason. */
export function checkTimestamp(timestampS: number, nowMs: number): string | undefined {
  if (timestampS > MS_THRESHOLD) return NameReason.timestampInMs
  const nowS = Math.floor(nowMs / 1000)
  if (timestampS < nowS - NAME_TIMESTAMP_MAX_AGE_S) return NameReason.timestampTooOld
  if (timestampS > nowS + NAME_TIMESTAMP_MAX_SKEW_S) return NameReason.timestampInFuture
  return undefined
}

export const ATTRIBUTE_VALUE_MAX = 255
/** The Blockchain API's `bio` pattern. */
const BIO = /^[a-zA-Z0-9@:/._\-?&=+ ]+$/

/** The attributes a name may carry (the name message's Avatar and Bio lines). */
export type NameAttributes = NameMessage['attributes']

/** Attribute values a name may carry: `avatar` (an http(s) URL) and `bio`, each 1-255 characters. */
export function checkAttributes(input: NameAttributes): Outcome<NameAttributes> {
  const attributes: NameAttributes = {}
  for (const key of ['avatar', 'bio'] as const) {
    const value = input[key]
    if (value === undefined) continue
    if (value.length === 0 || value.length > ATTRIBUTE_VALUE_MAX) return fail(NameReason.attributeValue(key))
    if (key === 'bio' && !BIO.test(value)) return fail(NameReason.attributeValue(key))
    if (key === 'avatar' && !isHttpUrl(value)) return fail(NameReason.attributeValue(key))
    attributes[key] = value
  }
  return ok(attributes)
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.href === value
  } catch {
    return false
  }
}

export interface NameMessageExpectation {
  /** This API's host (`new URL(apiOrigin).host`). */
  domain: string
  purpose: NameMessage['purpose']
  /** The body's address and coin type, which the signature is checked against. */
  address: string
  coinType: number
  nowMs: number
}

/**
 * The signed name message's fields when it was signed for this API, for `purpose`, by the body's
 * address under the body's coin type, and is valid now (issued at most 60 s ahead of the server
 * clock, expiring within 10 minutes of issue and not yet expired); else the reason.
 */
export function checkNameMessage(text: string, expected: NameMessageExpectation): Outcome<NameMessage> {
  const message = parseNameMessage(text)
  if (!message) return fail(/^\s*\{/.test(text) ? NameReason.legacyMessage : NameReason.message)
  if (message.domain !== expected.domain) return fail(NameReason.domain(message.domain))
  if (message.purpose !== expected.purpose) return fail(NameReason.purpose(expected.purpose))
  if (message.address.toLowerCase() !== expected.address.toLowerCase()) return fail(NameReason.addressMismatch)
  if (message.coinType !== expected.coinType) return fail(NameReason.coinTypeMismatch)
  const nowS = Math.floor(expected.nowMs / 1000)
  if (message.issuedAt > nowS + NAME_TIMESTAMP_MAX_SKEW_S) return fail(NameReason.issuedInFuture)
  if (message.expiresAt <= message.issuedAt || message.expiresAt - message.issuedAt > NAME_MESSAGE_TTL_S) return fail(NameReason.validity)
  if (nowS > message.expiresAt) return fail(NameReason.expired)
  return ok(message)
}

/** How many suggestions (the name itself first) the suggestions call returns at most, as the Blockchain API does. */
export const SUGGESTION_COUNT = 5
const SUGGESTION_SUFFIXES = ['1', '2', '3', '-1', '-2', 'x', '-x', '42', '123', '-eth', '-dev', '-web3']

/** Variants of `label` to offer when it is taken: label plus a suffix, each still a valid label. */
export function suggestionLabels(label: string): string[] {
  return SUGGESTION_SUFFIXES.map((suffix) => `${label}${suffix}`).filter((candidate) => checkLabel(candidate).ok)
}
