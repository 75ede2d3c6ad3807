import type { Address } from 'viem'
import { parseEvmAddress as parsePlainEvmAddress } from '../../chains/eip155/address'

/**
 * CAIP-2 / CAIP-10 parsing for the data API. Two outcomes are kept apart on purpose:
 * - malformed input (not CAIP at all, or an eip155 account that is not an EVM address): a 400;
 * - well-formed input for a namespace or chain the API does not serve: an empty result, no request.
 */

/** The address AppKit (and 1inch) use for a chain's native token, lower-case as AppKit compares it. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' as const

const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

export interface Caip2 {
  /** `eip155:31337` */
  caip2: string
  namespace: string
  reference: string
}

export interface Caip10 extends Caip2 {
  /** The account part as sent. */
  account: string
  /** Checksummed EVM address when the namespace is eip155 (the native marker stays lower-case). */
  evmAddress?: Address
}

export function parseCaip2(value: string): Caip2 | undefined {
  const match = CAIP2.exec(value)
  if (!match) return undefined
  return { caip2: value, namespace: match[1]!, reference: match[2]! }
}

/**
 * SPEC section 5: "EVM address: 40 hex digits, optional 0x". Returns it checksummed (the native
 * marker stays lower-case, as AppKit compares it), else undefined.
 */
export function parseEvmAddress(value: string): Address | undefined {
  const address = parsePlainEvmAddress(value)
  return address && isNativeAddress(address) ? NATIVE_TOKEN_ADDRESS : address
}

/**
 * A CAIP-10 account id, or undefined when malformed. For eip155 the account must be an EVM address
 * (0x plus 40 hex digits).
 */
export function parseCaip10(value: string): Caip10 | undefined {
  const match = CAIP10.exec(value)
  if (!match) return undefined
  const [, namespace, reference, account] = match as unknown as [string, string, string, string]
  const parsed: Caip10 = { caip2: `${namespace}:${reference}`, namespace, reference, account }
  if (namespace === 'eip155') {
    if (!/^[0-9]{1,20}$/.test(reference) || !/^0x[0-9a-fA-F]{40}$/.test(account)) return undefined
    parsed.evmAddress = parseEvmAddress(account)
  }
  return parsed
}

export function formatCaip10(caip2: string, address: string): string {
  return `${caip2}:${address}`
}

export const isNativeAddress = (address: string): boolean => address.toLowerCase() === NATIVE_TOKEN_ADDRESS

/**
 * A user address given either plain (`0x…`) or as CAIP-10 (AppKit sends both, depending on the
 * call). Returns the checksummed address, or a reason why it cannot be used on `caip2`.
 */
export function parseUserAddress(value: string, caip2: string): { address: Address } | { reason: string } {
  if (value.includes(':')) {
    const parsed = parseCaip10(value)
    if (!parsed?.evmAddress) return { reason: 'userAddress: expected an EVM address or a CAIP-10 eip155 account' }
    if (parsed.caip2 !== caip2) return { reason: `userAddress: account is on ${parsed.caip2}, the tokens are on ${caip2}` }
    if (isNativeAddress(parsed.evmAddress)) return { reason: 'userAddress: not an account address' }
    return { address: parsed.evmAddress }
  }
  const address = parseEvmAddress(value)
  if (!address || isNativeAddress(address)) return { reason: 'userAddress: expected an EVM address (0x and 40 hex digits)' }
  return { address }
}
