import { checkDelegationSponsorship, checkSponsorship, type DelegationRequest, type SponsorshipRequest } from './policy'
import { operationKey, type RelayContext } from './context'
import { RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'
import { decodeCalls } from './sponsor'
import { getPolicy, reserveSponsorship } from './store'

/**
 * The project's paymaster policy and budget, in front of every backend (built-in or external): an
 * operation they refuse is neither signed nor forwarded. Refusals are -32501 with the policy's reason.
 */

/**
 * What the policy is asked. An operation that only delegates its account (its eip7702Auth, and one
 * empty call to itself) is sponsored as a delegation is, on the chain and the budget: it is how an
 * account is upgraded before anything else (a permission grant).
 */
function sponsorshipOf(ctx: RelayContext, op: RpcUserOperation, maxCostWei: bigint): SponsorshipRequest | DelegationRequest {
  const calls = decodeCalls(op.callData)
  const [only] = calls
  const upgradeOnly =
    op.eip7702Auth !== undefined &&
    calls.length === 1 &&
    only!.to.toLowerCase() === op.sender.toLowerCase() &&
    only!.value === 0n &&
    only!.data === '0x'
  return upgradeOnly ? { chainId: ctx.chainId, maxCostWei } : { chainId: ctx.chainId, sender: op.sender, calls, maxCostWei }
}

/** Refuses an operation the project's policy does not sponsor (chain and calls); reserves nothing. */
export async function refuseUnsponsored(ctx: RelayContext, op: RpcUserOperation): Promise<void> {
  const policy = await getPolicy(ctx.db, ctx.project.id)
  const request = sponsorshipOf(ctx, op, 0n)
  const verdict = 'calls' in request ? checkSponsorship(policy, request, 0n) : checkDelegationSponsorship(policy, request, 0n)
  if (!verdict.ok) throw new RelayError(RelayErrorCode.RejectedByPaymaster, verdict.reason)
}

export interface OperationReservation {
  /** The most the operation can cost. */
  maxCostWei: bigint
  /** How long the budget is held unless settled. */
  ttlMs: number
  /** The operation being sent replaces its approval's reservation (see ReserveOptions.replace). */
  replace?: boolean
}

/** Checks the operation against the policy and reserves its maximum cost from the day's budget; the reservation's id. */
export async function reserveOperation(ctx: RelayContext, op: RpcUserOperation, options: OperationReservation): Promise<string> {
  const policy = await getPolicy(ctx.db, ctx.project.id)
  const reserved = await reserveSponsorship(ctx.db, policy, sponsorshipOf(ctx, op, options.maxCostWei), {
    now: ctx.now(),
    ttlMs: options.ttlMs,
    key: operationKey(ctx.chainId, op),
    ...(options.replace ? { replace: true } : {}),
  })
  if (!reserved.ok) throw new RelayError(RelayErrorCode.RejectedByPaymaster, reserved.reason)
  return reserved.id
}
