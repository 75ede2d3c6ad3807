import {
  BaseError,
  ContractFunctionRevertedError,
  numberToHex,
  parseEventLogs,
  formatTransactionReceipt,
  type Hex,
  type RpcTransactionReceipt,
  type SignedAuthorization,
  type TransactionReceipt,
} from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import {
  ACCOUNT_VERIFICATION_GAS,
  maxCostWei,
  nodeFailure,
  PAYMASTER_POST_OP_GAS,
  PAYMASTER_VERIFICATION_GAS,
  PRE_VERIFICATION_GAS,
  SENT_TTL_MS,
  type BuiltInContext,
  type RelayContext,
} from './context'
import { reserveOperation } from './gate'
import { RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'
import { DELEGATION_CODE_PREFIX, encodeHandleOps, packUserOperation, userOperationHash } from '@airlock/chains/eip155'
import { userOperation08 } from './sponsor'
import { findUserOperation, recordUserOperation, releaseReservation, settleReservation, type SentUserOperation } from './store'

/** Headroom on the estimated call gas: state can move between the estimate and the operation. */
const withHeadroom = (gas: bigint) => (gas * 12n) / 10n + 10_000n

/**
 * eth_estimateUserOperationGas: the call gas is eth_estimateGas of the account's execute call as
 * the EntryPoint makes it (the DeleGator accepts calls from its EntryPoint), the account delegated
 * already or, for an operation carrying its (checked) `authorization`, as it will be; verification and
 * pre-verification gas are the fixed limits of context.ts.
 */
export async function estimateUserOperationGas(ctx: RelayContext, op: RpcUserOperation, authorization?: SignedAuthorization) {
  const delegated = authorization && [{ address: op.sender, code: `${DELEGATION_CODE_PREFIX}${authorization.address.slice(2)}` as const }]
  let callGas: bigint
  try {
    callGas = await ctx.client.estimateGas({
      account: ctx.entryPoint,
      to: op.sender,
      data: op.callData,
      ...(delegated ? { stateOverride: delegated } : {}),
    })
  } catch (error) {
    throw new RelayError(RelayErrorCode.ExecutionReverted, `The user operation's calls revert: ${nodeFailure(error)}`)
  }
  return {
    preVerificationGas: numberToHex(PRE_VERIFICATION_GAS),
    verificationGasLimit: numberToHex(ACCOUNT_VERIFICATION_GAS),
    callGasLimit: numberToHex(withHeadroom(callGas)),
    paymasterVerificationGasLimit: numberToHex(PAYMASTER_VERIFICATION_GAS),
    paymasterPostOpGasLimit: numberToHex(PAYMASTER_POST_OP_GAS),
  }
}

/** The EntryPoint's refusal of a simulated handleOps as ERC-7769 words it: AA3x is the paymaster's. */
function entryPointRefusal(error: unknown): RelayError {
  const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : undefined
  const data = reverted instanceof ContractFunctionRevertedError ? reverted.data : undefined
  if (data && (data.errorName === 'FailedOp' || data.errorName === 'FailedOpWithRevert')) {
    const reason = String(data.args?.[1] ?? '')
    const code = reason.startsWith('AA3') ? RelayErrorCode.RejectedByPaymaster : RelayErrorCode.RejectedByEntryPoint
    return new RelayError(code, `The EntryPoint refuses the user operation: ${reason}`)
  }
  return new RelayError(RelayErrorCode.RejectedByEntryPoint, `The EntryPoint refuses the user operation: ${nodeFailure(error)}`)
}

/**
 * eth_sendUserOperation: only operations this paymaster sponsors. The policy is checked again on
 * the final operation (it replaces its approval's reservation), handleOps is simulated, then sent
 * by the relayer (beneficiary: the relayer, whom the EntryPoint repays from the paymaster's
 * deposit); with the operation's checked `authorization`, as a type-4 transaction carrying it, so
 * that an account's first operation also delegates it. The reservation settles to the operation's
 * actualGasCost once it is mined.
 */
export async function sendUserOperation(ctx: BuiltInContext, op: RpcUserOperation, authorization?: SignedAuthorization): Promise<Hex> {
  if (op.paymaster?.toLowerCase() !== ctx.paymaster.toLowerCase()) {
    throw new RelayError(
      RelayErrorCode.RejectedByPaymaster,
      `This relay sends only user operations its paymaster (${ctx.paymaster}) sponsors: ask pm_getPaymasterData first`,
    )
  }
  const reservationId = await reserveOperation(ctx, op, { maxCostWei: maxCostWei(op), ttlMs: SENT_TTL_MS, replace: true })
  const userOp = userOperation08(op, authorization)
  const authorizationList = authorization ? [authorization] : undefined
  const call = {
    address: ctx.entryPoint,
    abi: entryPoint08Abi,
    functionName: 'handleOps',
    args: [[packUserOperation(userOp)], ctx.relayer.address],
    ...(authorizationList ? { authorizationList } : {}),
  } as const
  let txHash: Hex
  try {
    let gas: bigint
    try {
      gas = await ctx.client.estimateContractGas({ ...call, account: ctx.relayer.address })
    } catch (error) {
      throw entryPointRefusal(error)
    }
    try {
      txHash = await ctx.relayer.send(ctx.client, {
        to: ctx.entryPoint,
        data: encodeHandleOps([userOp], ctx.relayer.address),
        gas: withHeadroom(gas),
        maxFeePerGas: op.maxFeePerGas,
        maxPriorityFeePerGas: op.maxPriorityFeePerGas,
        ...(authorizationList ? { authorizationList } : {}),
      })
    } catch (error) {
      throw new RelayError(RelayErrorCode.Internal, `The relayer could not send the user operation: ${nodeFailure(error)}`)
    }
  } catch (error) {
    await releaseReservation(ctx.db, reservationId)
    throw error
  }
  const userOpHash = userOperationHash(userOp, ctx.chainId)
  const sent: SentUserOperation = {
    chainId: ctx.chainId,
    userOpHash,
    projectId: ctx.project.id,
    entryPoint: ctx.entryPoint,
    userOperation: rpcShape(op),
    txHash,
    reservationId,
  }
  await recordUserOperation(ctx.db, sent)
  // Settled in the background (and by eth_getUserOperationReceipt, whichever comes first).
  ctx.client
    .waitForTransactionReceipt({ hash: txHash, timeout: 10 * 60_000 })
    .then((receipt) => settle(ctx, sent, receipt))
    .catch((error: unknown) =>
      console.warn(`[relay] user operation ${userOpHash} on ${ctx.chainId} not settled yet: ${nodeFailure(error)}`),
    )
  return userOpHash
}

/** The user operation as eth_getUserOperationByHash shows it: the RPC shape, hex quantities. */
function rpcShape(op: RpcUserOperation): Record<string, unknown> {
  return Object.fromEntries(Object.entries(op).map(([name, value]) => [name, typeof value === 'bigint' ? numberToHex(value) : value]))
}

/** The operation's UserOperationEvent in its transaction's receipt. */
function operationEvent(receipt: TransactionReceipt, userOpHash: Hex) {
  return parseEventLogs({ abi: entryPoint08Abi, eventName: 'UserOperationEvent', logs: receipt.logs }).find(
    (log) => log.args.userOpHash.toLowerCase() === userOpHash.toLowerCase(),
  )
}

/**
 * Settles the operation's reservation to what the paymaster paid (its actualGasCost); when the
 * operation is not in the mined transaction (handleOps reverted), to what the relayer paid.
 */
async function settle(ctx: RelayContext, sent: SentUserOperation, receipt: TransactionReceipt): Promise<void> {
  const event = operationEvent(receipt, sent.userOpHash)
  await settleReservation(ctx.db, sent.reservationId, event ? event.args.actualGasCost : receipt.gasUsed * receipt.effectiveGasPrice)
}

/** The transaction's receipt as the node wrote it (ERC-4337 answers it unchanged) and as viem reads it; undefined while pending. */
async function minedReceipt(
  ctx: RelayContext,
  txHash: Hex,
): Promise<{ rpc: RpcTransactionReceipt; receipt: TransactionReceipt } | undefined> {
  let rpc: RpcTransactionReceipt | null
  try {
    rpc = await ctx.client.request({ method: 'eth_getTransactionReceipt', params: [txHash] })
  } catch (error) {
    throw new RelayError(RelayErrorCode.Internal, `The chain node failed: ${nodeFailure(error)}`)
  }
  return rpc ? { rpc, receipt: formatTransactionReceipt(rpc) } : undefined
}

/** eth_getUserOperationReceipt (ERC-4337): null until its transaction is mined, or for an operation this relay did not send. */
export async function userOperationReceipt(ctx: RelayContext, userOpHash: Hex) {
  const sent = await findUserOperation(ctx.db, ctx.chainId, userOpHash)
  if (!sent) return null
  const mined = await minedReceipt(ctx, sent.txHash)
  if (!mined) return null
  await settle(ctx, sent, mined.receipt)
  const event = operationEvent(mined.receipt, sent.userOpHash)
  if (!event) return null
  const hex = (value: bigint) => numberToHex(value)
  return {
    userOpHash: sent.userOpHash,
    entryPoint: sent.entryPoint,
    sender: event.args.sender,
    nonce: hex(event.args.nonce),
    paymaster: event.args.paymaster,
    actualGasCost: hex(event.args.actualGasCost),
    actualGasUsed: hex(event.args.actualGasUsed),
    success: event.args.success,
    // One operation per bundle here: its logs are the transaction's before its UserOperationEvent.
    logs: mined.rpc.logs.filter((log) => BigInt(log.logIndex ?? '0x0') < BigInt(event.logIndex)),
    receipt: mined.rpc,
  }
}

/** eth_getUserOperationByHash (ERC-4337): the operation this relay sent, and where it was mined (null while pending). */
export async function userOperationByHash(ctx: RelayContext, userOpHash: Hex) {
  const sent = await findUserOperation(ctx.db, ctx.chainId, userOpHash)
  if (!sent) return null
  const mined = await minedReceipt(ctx, sent.txHash)
  return {
    userOperation: sent.userOperation,
    entryPoint: sent.entryPoint,
    transactionHash: sent.txHash,
    blockHash: mined?.rpc.blockHash ?? null,
    blockNumber: mined?.rpc.blockNumber ?? null,
  }
}
