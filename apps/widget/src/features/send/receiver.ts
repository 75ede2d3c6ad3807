import type { ParsedAddress } from '../../chains/types'
import { isFullName, labelError, labelOf, fullName } from '../../core/names/rules'

/**
 * What the user typed as the receiver (pure): an address of the network's family (its adapter
 * reads it), an account name to resolve through the names api where names exist (SPEC section 5:
 * eip155), or a clear reason why it is neither.
 */

export const ReceiverError = {
  empty: 'Enter an address or a name',
  emptyAddress: 'Enter an address',
  invalid: 'Enter a valid address or name',
} as const

export type Receiver = { kind: 'address'; address: string } | { kind: 'name'; name: string } | { kind: 'invalid'; error: string }

export function classifyReceiver(input: string, parseAddress: (input: string) => ParsedAddress, namesSupported: boolean): Receiver {
  const value = input.trim()
  if (value === '') return { kind: 'invalid', error: namesSupported ? ReceiverError.empty : ReceiverError.emptyAddress }
  const parsed = parseAddress(value)
  if (parsed.ok) return { kind: 'address', address: parsed.address }
  if (!namesSupported || parsed.typo) return { kind: 'invalid', error: parsed.error }
  if (isFullName(value)) return { kind: 'name', name: value.toLowerCase() }
  // A bare label ('alice') means the name in the widget's zone.
  if (!/^0x/i.test(value) && !value.includes('.') && labelError(labelOf(value)) === undefined)
    return { kind: 'name', name: fullName(value) }
  return { kind: 'invalid', error: ReceiverError.invalid }
}
