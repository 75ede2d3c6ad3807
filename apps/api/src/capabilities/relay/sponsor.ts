import { decodeExecute, encodePaymasterData, type UserOperation08 } from '@airlock/chains/eip155'
import type { Hex, SignedAuthorization } from 'viem'
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

/** The operation in the encoders' (viem's) shape, with its checked authorization (authorization.ts) if it carries one. */
export function userOperation08(op: RpcUserOperation, authorization?: SignedAuthorization): UserOperation08 {
  const { paymaster, paymasterData, paymasterVerificationGasLimit, paymasterPostOpGasLimit, factory, eip7702Auth: _auth, ...rest } = op
  return {
    ...rest,
    ...(factory ? { factory, factoryData: '0x' } : {}),
    ...(authorization ? { authorization } : {}),
    ...(paymaster ? { paymaster, paymasterData: paymasterData ?? '0x' } : {}),
    ...(paymasterVerificationGasLimit !== undefined ? { paymasterVerificationGasLimit } : {}),
    ...(paymasterPostOpGasLimit !== undefined ? { paymasterPostOpGasLimit } : {}),
  }
}

/** paymasterData of the right length for gas estimation: no window, a signature that recovers no one. */
export const PAYMASTER_STUB_DATA: Hex = encodePaymasterData({ validUntil: 0, validAfter: 0, signature: `0x${'ff'.repeat(65)}` })
