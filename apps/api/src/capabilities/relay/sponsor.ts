import { decodeExecute, encodePaymasterData, type UserOperation08 } from '@airlock/chains/eip155'
import type { Hex } from 'viem'
import type { SponsoredCall } from './policy'
import { RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'

/** The calls of the operation's execute batch, which the policy checks one by one; -32602 for any other callData. */
export function decodeCalls(callData: Hex): SponsoredCall[] {
  try {
    return decodeExecute(callData)
  } catch (error) {
    throw new RelayError(
      RelayErrorCode.InvalidParams,
      `The user operation's callData is not the account's execute(bytes32,bytes) call: ${(error as Error).message}`,
    )
  }
}

/** The operation in the encoders' (viem's) shape. */
export function userOperation08(op: RpcUserOperation): UserOperation08 {
  const { paymaster, paymasterData, paymasterVerificationGasLimit, paymasterPostOpGasLimit, ...rest } = op
  return {
    ...rest,
    ...(paymaster ? { paymaster, paymasterData: paymasterData ?? '0x' } : {}),
    ...(paymasterVerificationGasLimit !== undefined ? { paymasterVerificationGasLimit } : {}),
    ...(paymasterPostOpGasLimit !== undefined ? { paymasterPostOpGasLimit } : {}),
  }
}

/** paymasterData of the right length for gas estimation: no window, a signature that recovers no one. */
export const PAYMASTER_STUB_DATA: Hex = encodePaymasterData({ validUntil: 0, validAfter: 0, signature: `0x${'ff'.repeat(65)}` })
