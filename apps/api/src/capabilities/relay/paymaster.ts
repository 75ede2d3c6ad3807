import { numberToHex, type Address, type Hex } from 'viem'
import {
  APPROVAL_TTL_MS,
  maxCostWei,
  PAYMASTER_POST_OP_GAS,
  PAYMASTER_VERIFICATION_GAS,
  type BuiltInContext,
  type RelayContext,
} from './context'
import { refuseUnsponsored, reserveOperation } from './gate'
import { RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'
import { signPaymasterData } from '@airlock/chains/eip155'
import { PAYMASTER_STUB_DATA, userOperation08 } from './sponsor'

/** ERC-7677's answer: the paymaster fields of the user operation. */
export interface PaymasterFields {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: Hex
  paymasterPostOpGasLimit: Hex
}

/** The entry point and chain id params must be this route's. */
export function checkTarget(ctx: RelayContext, entryPoint: Address, chainId?: Hex): void {
  if (entryPoint.toLowerCase() !== ctx.entryPoint.toLowerCase()) {
    throw new RelayError(
      RelayErrorCode.InvalidParams,
      `EntryPoint ${entryPoint} is not supported: this relay uses EntryPoint v0.8 at ${ctx.entryPoint}`,
    )
  }
  if (chainId !== undefined && BigInt(chainId) !== BigInt(ctx.chainId)) {
    throw new RelayError(RelayErrorCode.InvalidParams, `Chain id ${BigInt(chainId)} is not this endpoint's chain (${ctx.chainId})`)
  }
}

const fields = (paymaster: Address, paymasterData: Hex): PaymasterFields => ({
  paymaster,
  paymasterData,
  paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS),
  paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS),
})

/**
 * pm_getPaymasterStubData: the paymaster fields to estimate gas with (an unsigned approval of the
 * right length), when the policy sponsors the operation's chain and calls; nothing is reserved.
 */
export async function paymasterStub(ctx: BuiltInContext, op: RpcUserOperation) {
  await refuseUnsponsored(ctx, op)
  return { ...fields(ctx.paymaster, PAYMASTER_STUB_DATA), sponsor: { name: ctx.project.name }, isFinal: false }
}

/**
 * pm_getPaymasterData: the signed approval, valid APPROVAL_TTL_MS, once the policy sponsors the
 * operation with its final gas; its maximum cost is reserved from the day's budget meanwhile. The
 * approval covers the operation as the EntryPoint passes it to the paymaster (its 0x7702 initCode too).
 */
export async function paymasterApproval(ctx: BuiltInContext, op: RpcUserOperation): Promise<PaymasterFields> {
  const now = ctx.now()
  await reserveOperation(ctx, op, { maxCostWei: maxCostWei(op), ttlMs: APPROVAL_TTL_MS })
  const sponsored = await signPaymasterData(ctx.paymasterSigner, userOperation08(op), {
    chainId: ctx.chainId,
    paymaster: ctx.paymaster,
    verificationGasLimit: PAYMASTER_VERIFICATION_GAS,
    postOpGasLimit: PAYMASTER_POST_OP_GAS,
    validUntil: Math.floor((now + APPROVAL_TTL_MS) / 1000),
    validAfter: 0,
  })
  return fields(ctx.paymaster, sponsored.paymasterData!)
}
