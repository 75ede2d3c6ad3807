import { decodePermissionContext, delegationHash, delegationTypedData, type Delegation } from '@airlock/chains/eip155'
import { ExecutionPermissionResponse } from '@airlock/protocol'
import { getAddress, recoverTypedDataAddress, type Address, type Hex } from 'viem'
import { checkExpiry, type Outcome, type TypedData } from './rules'

/**
 * An ERC-7715 grant as the wallet answered wallet_requestExecutionPermissions, recorded at
 * `POST /v1/sessions/{caip10}` with body `{ permission }`. It needs no other signature: its
 * context is a delegation the account signed (EIP-712, DelegationManager domain), which is what
 * the chain itself checks when the session account redeems it. Its pci is the delegation's hash,
 * the key of DelegationManager.disabledDelegations, so the chain says whether it is revoked.
 */
export interface ExecutionGrant {
  pci: Hex
  delegationManager: Address
  expiry: number
  signer: TypedData
  permissions: TypedData[]
  policies: TypedData[]
  context: Hex
}

export const ExecutionGrantReason = {
  permission: 'permission must be an ERC-7715 permission response (wallet_requestExecutionPermissions)',
  context: 'The permission context is not a delegation',
  notOwner: 'The delegation is not the account’s',
  otherDelegate: 'The delegation is to another account than the permission’s `to`',
  signature: 'The delegation is not signed by the account',
  expiry: 'An expiry rule is needed to record a permission',
} as const

/** Reads and verifies a recorded grant for `account` on `chainId`; refuses anything the account did not sign. */
export async function parseExecutionGrant(
  input: unknown,
  account: Address,
  chainId: number,
  nowMs: number,
): Promise<Outcome<ExecutionGrant>> {
  const parsed = ExecutionPermissionResponse.safeParse(input)
  if (!parsed.success) return { ok: false, reason: ExecutionGrantReason.permission }
  const permission = parsed.data
  if (Number(BigInt(permission.chainId)) !== chainId) return { ok: false, reason: 'chainId does not match the account' }
  let delegation: Delegation | undefined
  try {
    delegation = decodePermissionContext(permission.context as Hex)[0]
  } catch {
    // Refused below.
  }
  if (!delegation) return { ok: false, reason: ExecutionGrantReason.context }
  if (getAddress(delegation.delegator) !== account) return { ok: false, reason: ExecutionGrantReason.notOwner }
  if (getAddress(delegation.delegate) !== getAddress(permission.to)) return { ok: false, reason: ExecutionGrantReason.otherDelegate }
  const delegationManager = getAddress(permission.delegationManager)
  let signer: Address | undefined
  try {
    signer = await recoverTypedDataAddress({
      ...delegationTypedData(delegation, { chainId, delegationManager }),
      signature: delegation.signature,
    })
  } catch {
    // Refused below.
  }
  if (signer !== account) return { ok: false, reason: ExecutionGrantReason.signature }
  const expiry = permission.rules?.find((rule) => rule.type === 'expiry')?.data.timestamp
  if (expiry === undefined) return { ok: false, reason: ExecutionGrantReason.expiry }
  const expiryProblem = checkExpiry(expiry, nowMs)
  if (expiryProblem) return { ok: false, reason: expiryProblem }
  return {
    ok: true,
    value: {
      pci: delegationHash(delegation),
      delegationManager,
      expiry,
      signer: { type: 'account', data: { address: getAddress(permission.to) } },
      permissions: [permission.permission],
      policies: permission.rules ?? [],
      context: permission.context as Hex,
    },
  }
}
