import { getAddress } from 'viem'
import { isFullName, labelError, labelOf, fullName } from '../../core/names/rules'

/**
 * What the user typed as the receiver (pure): an EVM address (SPEC section 5: 40 hex digits,
 * optional 0x), an account name to resolve through the names api, or a clear reason why it is
 * neither. A mixed-case address must carry a valid EIP-55 checksum: a wrong one usually means a
 * mistyped character, and money sent there is lost.
 */

export const ReceiverError = {
  empty: 'Enter an address or a name',
  invalid: 'Enter a valid address or name',
  checksum: 'Address checksum is invalid: check the address',
} as const

export type Receiver = { kind: 'address'; address: `0x${string}` } | { kind: 'name'; name: string } | { kind: 'invalid'; error: string }

const HEX40 = /^(0x)?[0-9a-fA-F]{40}$/

export function classifyReceiver(input: string): Receiver {
  const value = input.trim()
  if (value === '') return { kind: 'invalid', error: ReceiverError.empty }
  if (HEX40.test(value)) {
    const hex = value.slice(value.length - 40)
    const checksummed = getAddress(`0x${hex.toLowerCase()}`)
    const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase()
    if (mixedCase && checksummed.slice(2) !== hex) return { kind: 'invalid', error: ReceiverError.checksum }
    return { kind: 'address', address: checksummed }
  }
  if (/^0x/i.test(value)) return { kind: 'invalid', error: ReceiverError.invalid }
  if (isFullName(value)) return { kind: 'name', name: value.toLowerCase() }
  // A bare label ('alice') means the name in the widget's zone.
  if (!value.includes('.') && labelError(labelOf(value)) === undefined) return { kind: 'name', name: fullName(value) }
  return { kind: 'invalid', error: ReceiverError.invalid }
}
