import * as z from 'zod'
import { MAX_EVM_CHAIN_ID } from '../identity/address'

/**
 * The pure rules of account names (no I/O): name syntax and zones, ENSIP-11 coin types, the
 * signed registration message, its timestamp window and the attributes a name may carry.
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

/** The signed timestamp (seconds) may be at most this old... */
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
  message: 'Message must be a JSON string of { name, attributes, timestamp }',
  attributesMessage: 'Message must be a JSON string of { attributes, timestamp }',
  nameMismatch: 'The signed message is for another name',
  coinType: (coinType: number) => `Unsupported coin type: ${coinType}`,
  timestampTooOld: 'Timestamp is too old',
  timestampInFuture: 'Timestamp is in the future',
  timestampInMs: 'Timestamp must be in seconds, not milliseconds',
  signatureInvalid: 'Signature is invalid',
  signatureUsed: 'Signature has already been used',
  notOwner: 'Address is not the owner of the name',
  attribute: (key: string) => `Unsupported name attribute: ${key}`,
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

const SLIP44_MSB = 0x80000000

/** ENSIP-11 coin type of an EVM chain: the chain id with the high bit set (AppKit's `convertEVMChainIdToCoinType`). */
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

export type NameAttributes = { avatar?: string; bio?: string }

/** Attributes a name may carry: `avatar` (an http(s) URL) and `bio`, each 1-255 characters. */
export function checkAttributes(input: Record<string, unknown>): Outcome<NameAttributes> {
  const attributes: NameAttributes = {}
  for (const [key, value] of Object.entries(input)) {
    if (key !== 'avatar' && key !== 'bio') return fail(NameReason.attribute(key))
    if (typeof value !== 'string' || value.length === 0 || value.length > ATTRIBUTE_VALUE_MAX) return fail(NameReason.attributeValue(key))
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

const Timestamp = z.number().int().nonnegative()
const Attributes = z.record(z.string(), z.unknown())

const RegisterMessage = z.object({ name: z.string().max(255), attributes: Attributes.optional(), timestamp: Timestamp })
const AttributesMessage = z.object({ attributes: Attributes, timestamp: Timestamp })

export type RegisterMessage = { name: string; attributes: Record<string, unknown>; timestamp: number }

/** The registration message AppKit signs: `JSON.stringify({ name, attributes, timestamp })`, timestamp in seconds. */
export function parseRegisterMessage(message: string): Outcome<RegisterMessage> {
  const parsed = RegisterMessage.safeParse(parseJson(message))
  if (!parsed.success) return fail(NameReason.message)
  return ok({ name: parsed.data.name, attributes: parsed.data.attributes ?? {}, timestamp: parsed.data.timestamp })
}

/** The attributes update message: `JSON.stringify({ attributes, timestamp })`. */
export function parseAttributesMessage(message: string): Outcome<{ attributes: Record<string, unknown>; timestamp: number }> {
  const parsed = AttributesMessage.safeParse(parseJson(message))
  return parsed.success ? ok(parsed.data) : fail(NameReason.attributesMessage)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** How many suggestions (the name itself first) the suggestions call returns at most, as the Blockchain API does. */
export const SUGGESTION_COUNT = 5
const SUGGESTION_SUFFIXES = ['1', '2', '3', '-1', '-2', 'x', '-x', '42', '123', '-eth', '-dev', '-web3']

/** Variants of `label` to offer when it is taken: label plus a suffix, each still a valid label. */
export function suggestionLabels(label: string): string[] {
  return SUGGESTION_SUFFIXES.map((suffix) => `${label}${suffix}`).filter((candidate) => checkLabel(candidate).ok)
}
