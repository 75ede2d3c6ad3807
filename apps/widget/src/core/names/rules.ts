/**
 * The pure rules of account names (SPEC sections 5, 7 and 8), as apps/api/src/capabilities/names/rules.ts
 * checks them: a name is `<label>.airlock.id`, the label at least 4 letters, digits or hyphens
 * (at most 64). The signed registration message and the coin type are @airlock/protocol's
 * (name-message.ts), shared with the api.
 */
import { evmChainIdToCoinType } from '@airlock/protocol'

export const NAME_ZONE = 'airlock.id'
export const NAME_LABEL_MIN = 4
export const NAME_LABEL_MAX = 64

/** SPEC section 8: the defaults when the api gives no reason. */
export const NameError = {
  resolve: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  forAddress: 'Error fetching names for address',
  register: (name: string) => `Error registering name ${name}`,
} as const

/** What the register form says under an input that breaks the label rule. */
export const NAME_RULE_TEXT = `At least ${NAME_LABEL_MIN} characters: letters, digits and hyphens`
export const NAME_TOO_LONG_TEXT = `At most ${NAME_LABEL_MAX} characters`

const LABEL = /^[a-zA-Z0-9-]+$/

/** Undefined when `label` is a valid name label, else the reason. */
export function labelError(label: string): string | undefined {
  if (label.length < NAME_LABEL_MIN || !LABEL.test(label)) return NAME_RULE_TEXT
  if (label.length > NAME_LABEL_MAX) return NAME_TOO_LONG_TEXT
  return undefined
}

/** What the user typed, as a label: a trailing `.airlock.id` is dropped, spaces trimmed, lower-cased. */
export function labelOf(input: string): string {
  const lower = input.trim().toLowerCase()
  return lower.endsWith(`.${NAME_ZONE}`) ? lower.slice(0, -(NAME_ZONE.length + 1)) : lower
}

export const fullName = (label: string): string => `${label.toLowerCase()}.${NAME_ZONE}`

/** A full name in the zone with a valid label (`alice.airlock.id`). */
export function isFullName(input: string): boolean {
  const lower = input.trim().toLowerCase()
  return lower.endsWith(`.${NAME_ZONE}`) && labelError(labelOf(lower)) === undefined
}

/** SPEC section 5: names are supported on eip155 only. */
export const namesSupported = (caipNetworkId: string): boolean => caipNetworkId.startsWith('eip155:')

/** The address a name record holds for `chainId` (its coin type; mainnet may also use 60). */
export function addressForChain(addresses: Record<string, { address: string }>, chainId: number): string | undefined {
  return addresses[String(evmChainIdToCoinType(chainId))]?.address ?? (chainId === 1 ? addresses['60']?.address : undefined)
}
