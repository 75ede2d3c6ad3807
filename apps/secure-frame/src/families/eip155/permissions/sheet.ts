import { formatUnits } from '@airlock/chains'
import { ExecutionPermissionRequest, EvmAddress } from '@airlock/protocol'
import * as z from 'zod/mini'
import { groupDigits } from '../../../display/amounts'
import { knownToken } from '../tokens'
import { expiryOf, payeeOf } from './caveats'

/**
 * What the permission sheet is given (grant.ts builds it, decode.ts reads it back): the requests
 * as the delegations encode them, start times filled in, and the upgrade a first grant makes.
 */
export const ShownPermissions = z.strictObject({
  from: EvmAddress,
  chainId: z.number(),
  requests: z.array(ExecutionPermissionRequest).check(z.minLength(1), z.maxLength(16)),
  upgradeTo: z.optional(EvmAddress),
})
export type ShownPermissions = z.infer<typeof ShownPermissions>

/** One permission in words: which token, how much per which period, to whom, from when until when. */
export interface PermissionLine {
  /** The session account the app holds: it may act within the permission without asking. */
  sessionAccount: string
  token: string
  /** '10 USDC' (a token the frame knows), else base units beside the address. */
  amountText: string
  /** 'per day', 'every 2 hours', 'every 90 seconds'. */
  periodText: string
  /** The only recipient allowed, or undefined: any recipient. */
  payee: string | undefined
  startText: string
  /** 'until you revoke it' without an expiry. */
  untilText: string
}

export interface DecodedPermissions {
  permissions: PermissionLine[]
  upgradeTo: string | undefined
}

const UNITS: [seconds: number, one: string][] = [
  [604_800, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
]

/** A period in words: 'per day' for one unit, 'every 3 days' for several, the largest unit that divides it. */
export function periodInWords(seconds: number): string {
  const [unit, name] = UNITS.find(([size]) => seconds % size === 0)!
  const count = seconds / unit
  return count === 1 ? `per ${name}` : `every ${groupDigits(String(count))} ${name}s`
}

/** A Unix time as the sheet shows it: UTC to the minute. */
export function timeInWords(unixSeconds: number): string {
  return `${new Date(unixSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** The sheet's lines for what grant.ts shows, or why it cannot be read (then the user can only reject). */
export function decodePermissions(params: unknown, from: string, chainId: number): DecodedPermissions | string {
  const shown = ShownPermissions.safeParse(Array.isArray(params) ? params[0] : undefined)
  if (!shown.success) return 'The permissions cannot be read.'
  if (shown.data.from.toLowerCase() !== from.toLowerCase() || shown.data.chainId !== chainId)
    return 'The permissions are for another account or chain.'
  const lines = shown.data.requests.map((request) => permissionLine(request, chainId))
  const described = lines.filter((line): line is PermissionLine => line !== undefined)
  if (described.length !== lines.length) return 'The permissions cannot be read.'
  return { permissions: described, upgradeTo: shown.data.upgradeTo }
}

/** One permission in words; undefined for a type the sheet does not describe or one without its start. */
export function permissionLine(request: ExecutionPermissionRequest, chainId: number): PermissionLine | undefined {
  const { permission } = request
  const { startTime } = permission.data
  if (permission.type !== 'erc20-token-periodic' || startTime === undefined || startTime === null) return undefined
  const token = knownToken(chainId, permission.data.tokenAddress)
  const amount = BigInt(permission.data.periodAmount)
  const expiry = expiryOf(request)
  return {
    sessionAccount: request.to,
    token: token ? `${token.symbol} (${permission.data.tokenAddress})` : permission.data.tokenAddress,
    amountText: token
      ? `${groupDigits(formatUnits(amount, token.decimals))} ${token.symbol}`
      : `${groupDigits(amount.toString())} base units of an unknown token`,
    periodText: periodInWords(permission.data.periodDuration),
    payee: payeeOf(request),
    startText: timeInWords(startTime),
    untilText: expiry === undefined ? 'until you revoke it' : timeInWords(expiry),
  }
}
