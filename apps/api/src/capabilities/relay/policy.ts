import { formatEther, getAddress, isAddress, type Address } from 'viem'
import * as z from 'zod'
import { ProjectId } from '../../platform/projects/project'

/** An EVM address in any case, kept checksummed. */
export const PolicyAddress = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'must be a 0x-prefixed 20-byte address')
  .transform((value) => getAddress(value))

/** Wei as a bigint; config may write it as a decimal string too. */
const Wei = z
  .union([
    z.bigint(),
    z
      .string()
      .regex(/^\d{1,78}$/, 'must be a decimal number of wei')
      .transform(BigInt),
  ])
  .pipe(
    z
      .bigint()
      .nonnegative()
      .max(2n ** 256n - 1n),
  )

/**
 * What the API's paymaster sponsors for a project: user operations on `chains` whose every call
 * targets one of `contracts`, up to `dailyBudgetWei` of gas cost per chain and UTC day, each at most
 * `maxOperationCostWei` when set.
 */
export const PaymasterPolicy = z.object({
  projectId: ProjectId,
  chains: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100),
  contracts: z.array(PolicyAddress).max(1000),
  dailyBudgetWei: Wei,
  maxOperationCostWei: Wei.optional(),
})
export type PaymasterPolicy = z.infer<typeof PaymasterPolicy>
export type PaymasterPolicyInput = z.input<typeof PaymasterPolicy>

/** One call of a user operation's execute batch. */
export interface SponsoredCall {
  to: Address
  value?: bigint
  data?: `0x${string}`
}

export interface SponsorshipRequest {
  chainId: number
  /** The account the user operation runs as: a call to it is one more target (refused unless listed). */
  sender: Address
  calls: readonly SponsoredCall[]
  /** The most the operation can cost (its gas limits times its max fee per gas). */
  maxCostWei: bigint
}

export type Sponsorship = { ok: true } | { ok: false; reason: string }

/** The UTC day of `ms` (`YYYY-MM-DD`): budgets start again at midnight UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

const eth = (wei: bigint) => `${formatEther(wei)} ETH`

/** An operation that only delegates its account (its EIP-7702 authorization and an empty call to itself): sponsored on the chain and the budget. */
export interface DelegationRequest {
  chainId: number
  /** Its gas limit times its max fee per gas. */
  maxCostWei: bigint
}

/**
 * Whether the paymaster may sponsor `request` for `policy`'s project, given what the project has
 * spent (and reserved) on that chain today; the first reason against it otherwise.
 */
export function checkSponsorship(policy: PaymasterPolicy | undefined, request: SponsorshipRequest, spentTodayWei: bigint): Sponsorship {
  const chain = checkChain(policy, request.chainId)
  if (!policy || !chain.ok) return chain
  if (request.calls.length === 0) return { ok: false, reason: 'The user operation makes no call: there is nothing to sponsor' }
  const allowed = new Set(policy.contracts.map((contract) => contract.toLowerCase()))
  for (const call of request.calls) {
    if (allowed.has(call.to.toLowerCase())) continue
    const what =
      call.to.toLowerCase() === request.sender.toLowerCase() ? `the account itself (${getAddress(call.to)})` : getAddress(call.to)
    return {
      ok: false,
      reason: `Project ${policy.projectId} does not sponsor calls to ${what}: the contracts it sponsors are listed in its paymaster policy`,
    }
  }
  return checkBudget(policy, request, spentTodayWei, 'The user operation')
}

/** The same for an EIP-7702 delegation: the chain and the budget (its gas counts like a user operation's). */
export function checkDelegationSponsorship(
  policy: PaymasterPolicy | undefined,
  request: DelegationRequest,
  spentTodayWei: bigint,
): Sponsorship {
  const chain = checkChain(policy, request.chainId)
  if (!policy || !chain.ok) return chain
  return checkBudget(policy, request, spentTodayWei, 'The delegation')
}

function checkChain(policy: PaymasterPolicy | undefined, chainId: number): Sponsorship {
  if (!policy) return { ok: false, reason: 'This project has no paymaster policy: its user operations are not sponsored' }
  if (!policy.chains.includes(chainId)) {
    return { ok: false, reason: `Project ${policy.projectId} does not sponsor user operations on chain ${chainId}` }
  }
  return { ok: true }
}

function checkBudget(policy: PaymasterPolicy, request: DelegationRequest, spentTodayWei: bigint, what: string): Sponsorship {
  const { projectId } = policy
  if (request.maxCostWei < 0n) return { ok: false, reason: `${what}'s maximum cost is negative` }
  if (policy.maxOperationCostWei !== undefined && request.maxCostWei > policy.maxOperationCostWei) {
    return {
      ok: false,
      reason: `${what} may cost up to ${eth(request.maxCostWei)}, over project ${projectId}'s limit of ${eth(policy.maxOperationCostWei)} per operation: lower its gas limits or fees`,
    }
  }
  const left = policy.dailyBudgetWei > spentTodayWei ? policy.dailyBudgetWei - spentTodayWei : 0n
  if (request.maxCostWei > left) {
    return {
      ok: false,
      reason: `${what} may cost up to ${eth(request.maxCostWei)}, over what is left of project ${projectId}'s daily gas budget on chain ${request.chainId} (${eth(left)} of ${eth(policy.dailyBudgetWei)} until midnight UTC)`,
    }
  }
  return { ok: true }
}
