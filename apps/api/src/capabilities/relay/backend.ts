import type { Hex } from 'viem'
import type { RelayContext } from './context'
import type { RpcUserOperation } from './rpc'

/** A user operation method's call: the operation as read, and the params as the caller sent them (what an external service is forwarded). */
export interface OperationCall {
  op: RpcUserOperation
  params: unknown[]
}

/**
 * What answers a chain's relay methods, chosen per chain when the API starts (options.ts): the
 * built-in relay (builtin.ts) or an external bundler and paymaster (external.ts). The route has
 * checked the params, the entry point and the chain id before; it never asks which backend it has.
 */
export interface RelayBackend {
  supportedEntryPoints(ctx: RelayContext): Promise<unknown>
  /** ERC-7677 pm_getPaymasterStubData, for an operation the project's policy sponsors. */
  paymasterStub(ctx: RelayContext, call: OperationCall): Promise<unknown>
  /** ERC-7677 pm_getPaymasterData, once the operation's maximum cost is reserved from the project's budget. */
  paymasterData(ctx: RelayContext, call: OperationCall): Promise<unknown>
  estimateUserOperationGas(ctx: RelayContext, call: OperationCall): Promise<unknown>
  sendUserOperation(ctx: RelayContext, call: OperationCall): Promise<unknown>
  userOperationReceipt(ctx: RelayContext, userOpHash: Hex): Promise<unknown>
  userOperationByHash(ctx: RelayContext, userOpHash: Hex): Promise<unknown>
}
