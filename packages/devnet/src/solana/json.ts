import { randomBytes } from 'node:crypto'

// A marker no client can guess, so a string that merely looks like a big integer stays a string.
const MARKER = `bigint:${randomBytes(8).toString('hex')}:`
const MARKED = new RegExp(`"${MARKER}(-?\\d+)"`, 'g')

/**
 * JSON.stringify that writes bigints as plain JSON numbers, as a Solana node writes its u64s
 * (lamports, slots, rentEpoch 18446744073709551615): exact, beyond 2^53 too.
 */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${MARKER}${item}` : item)).replace(MARKED, '$1')
}
