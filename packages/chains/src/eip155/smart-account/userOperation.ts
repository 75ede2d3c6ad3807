import { encodeFunctionData, hashTypedData, type Address, type Hex, type LocalAccount, type SignedAuthorization } from 'viem'
import {
  entryPoint08Abi,
  entryPoint08Address,
  getUserOperationHash,
  toPackedUserOperation,
  type PackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { encodeExecute, type Call } from './execution'

/** EntryPoint v0.8's canonical address (the DeleGator's entry point). */
export const ENTRY_POINT_08: Address = entryPoint08Address

/** A v0.8 user operation (viem's shape); for a delegated EOA, `sender` is the EOA and there is no factory. */
export type UserOperation08 = UserOperation<'0.8'>

export interface UserOperationGas {
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

/** An unsigned user operation in which the delegated EOA `sender` runs `calls` (atomically when several). */
export function buildUserOperation(params: { sender: Address; nonce: bigint; calls: readonly Call[] } & UserOperationGas): UserOperation08 {
  const { sender, nonce, calls, ...gas } = params
  if (nonce < 0n) throw new Error('A user operation nonce is EntryPoint.getNonce(sender, key): never negative')
  return { sender, nonce, callData: encodeExecute(calls), ...gas, signature: '0x' }
}

/**
 * EntryPoint v0.8's initCode of an EIP-7702 account (the 0x7702 marker, padded to an address): no
 * factory runs, and getUserOpHash puts the account's delegate in its place.
 */
export const EIP7702_INIT_CODE: Address = '0x7702000000000000000000000000000000000000'

/**
 * The operation that also delegates its sender: the bundler puts `authorization` in its type-4
 * handleOps transaction. The initCode marker is what the account and the paymaster sign; the
 * operation's hash (userOperationHash) uses the authorization's delegate, as the EntryPoint does.
 */
export function withAuthorization(userOp: UserOperation08, authorization: SignedAuthorization): UserOperation08 {
  return { ...userOp, factory: EIP7702_INIT_CODE, factoryData: '0x', authorization }
}

/** The EntryPoint's packed form (what handleOps takes). */
export function packUserOperation(userOp: UserOperation08): PackedUserOperation {
  return toPackedUserOperation(userOp)
}

/** EntryPoint v0.8's getUserOpHash (EIP-712, domain ERC4337 at the EntryPoint). */
export function userOperationHash(userOp: UserOperation08, chainId: number): Hex {
  return getUserOperationHash({ chainId, entryPointAddress: ENTRY_POINT_08, entryPointVersion: '0.8', userOperation: userOp })
}

const PACKED_USER_OPERATION_TYPES = {
  PackedUserOperation: [
    { name: 'sender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'initCode', type: 'bytes' },
    { name: 'callData', type: 'bytes' },
    { name: 'accountGasLimits', type: 'bytes32' },
    { name: 'preVerificationGas', type: 'uint256' },
    { name: 'gasFees', type: 'bytes32' },
    { name: 'paymasterAndData', type: 'bytes' },
    { name: 'entryPoint', type: 'address' },
  ],
} as const

/**
 * What the EOA signs so the EIP7702StatelessDeleGator accepts the operation: its own EIP-712 domain at the
 * account's address (not the EntryPoint's getUserOpHash), over every packed field but the signature, plus the EntryPoint.
 */
export function delegatedUserOperationTypedData(userOp: UserOperation08, chainId: number) {
  const { signature: _, ...packed } = toPackedUserOperation({ ...userOp, signature: '0x' })
  return {
    domain: { name: 'EIP7702StatelessDeleGator', version: '1', chainId, verifyingContract: userOp.sender },
    types: PACKED_USER_OPERATION_TYPES,
    primaryType: 'PackedUserOperation' as const,
    message: { ...packed, entryPoint: ENTRY_POINT_08 },
  }
}

export function delegatedUserOperationHash(userOp: UserOperation08, chainId: number): Hex {
  return hashTypedData(delegatedUserOperationTypedData(userOp, chainId))
}

/** The operation with the EOA's signature; sign after the paymaster data is in place (the signature covers it). */
export async function signDelegatedUserOperation(
  account: Pick<LocalAccount, 'address' | 'signTypedData'>,
  userOp: UserOperation08,
  chainId: number,
): Promise<UserOperation08> {
  if (account.address.toLowerCase() !== userOp.sender.toLowerCase()) {
    throw new Error(`The signer ${account.address} is not the operation's sender ${userOp.sender}`)
  }
  return { ...userOp, signature: await account.signTypedData(delegatedUserOperationTypedData(userOp, chainId)) }
}

/** EntryPoint.handleOps calldata: the relayer submits the operations and `beneficiary` gets the gas refund. */
export function encodeHandleOps(userOps: readonly UserOperation08[], beneficiary: Address): Hex {
  return encodeFunctionData({ abi: entryPoint08Abi, functionName: 'handleOps', args: [userOps.map(packUserOperation), beneficiary] })
}
