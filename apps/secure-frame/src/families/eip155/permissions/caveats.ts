import {
  allowedCalldataTerms,
  erc20PeriodTransferTerms,
  ROOT_AUTHORITY,
  timestampTerms,
  type Caveat,
  type Delegation,
} from '@airlock/chains/eip155'
import { executionPermissionError, type ExecutionPermissionRequest } from '@airlock/protocol'
import { pad, type Address } from 'viem'
import type { DelegationFramework } from './framework'

export const PermissionMessage = {
  unsupported: (type: string) => `This wallet grants ${type} permissions only as erc20-token-periodic for now`,
  expired: 'The permission would expire before it starts: its expiry is in the past',
  otherAccount: 'The permission is asked of an account that is not this wallet',
  selfDelegate: 'The session account must not be this wallet itself',
  startAfterExpiry: 'The permission starts after it expires',
} as const

/** A request as the sheet shows it and the delegation encodes it: its start time filled in. */
export type GrantedRequest = ExecutionPermissionRequest & { permission: { data: { startTime: number } } }

/**
 * Fills in the start time (now when the dapp named none) and refuses what the chain could not
 * hold as asked: another account, a past expiry, a permission type without an enforcer here.
 */
export function normalizeRequest(request: ExecutionPermissionRequest, account: string, now: number): GrantedRequest {
  if (request.from !== undefined && request.from.toLowerCase() !== account.toLowerCase()) throw refusal(PermissionMessage.otherAccount)
  if (request.to.toLowerCase() === account.toLowerCase()) throw refusal(PermissionMessage.selfDelegate)
  if (request.permission.type !== 'erc20-token-periodic') throw refusal(PermissionMessage.unsupported(request.permission.type))
  const expiry = expiryOf(request)
  if (expiry !== undefined && expiry <= now) throw refusal(PermissionMessage.expired)
  const startTime = request.permission.data.startTime ?? now
  if (expiry !== undefined && startTime >= expiry) throw refusal(PermissionMessage.startAfterExpiry)
  return { ...request, from: account, permission: { ...request.permission, data: { ...request.permission.data, startTime } } }
}

export const expiryOf = (request: ExecutionPermissionRequest) => request.rules?.find((rule) => rule.type === 'expiry')?.data.timestamp
export const payeeOf = (request: ExecutionPermissionRequest) =>
  request.rules?.find((rule) => rule.type === 'payee')?.data.addresses[0] as Address | undefined

/**
 * The delegation that holds the permission on chain, unsigned: the session account may move up to
 * periodAmount of the token per period (ERC20PeriodTransferEnforcer, which also allows only the
 * token's transfer), to the payee alone when there is one (AllowedCalldataEnforcer on the
 * transfer's first argument), until the expiry (TimestampEnforcer).
 */
export function permissionDelegation(request: GrantedRequest, framework: DelegationFramework, salt: bigint): Delegation {
  const { data } = request.permission
  if (!('tokenAddress' in data)) throw refusal(PermissionMessage.unsupported(request.permission.type))
  const caveats: Caveat[] = [
    {
      enforcer: framework.erc20PeriodTransferEnforcer,
      terms: erc20PeriodTransferTerms({
        token: data.tokenAddress as Address,
        periodAmount: BigInt(data.periodAmount),
        periodDuration: data.periodDuration,
        startDate: data.startTime,
      }),
      args: '0x',
    },
  ]
  const payee = payeeOf(request)
  if (payee)
    caveats.push({
      enforcer: framework.allowedCalldataEnforcer,
      terms: allowedCalldataTerms({ startIndex: 4, value: pad(payee) }),
      args: '0x',
    })
  const expiry = expiryOf(request)
  if (expiry !== undefined)
    caveats.push({ enforcer: framework.timestampEnforcer, terms: timestampTerms({ after: 0, before: expiry }), args: '0x' })
  return {
    delegate: request.to as Address,
    delegator: request.from as Address,
    authority: ROOT_AUTHORITY,
    caveats,
    salt,
    signature: '0x',
  }
}

/** A request this wallet will not grant as written (-32602, as the protocol's ERC-7715 module says). */
const refusal = executionPermissionError
