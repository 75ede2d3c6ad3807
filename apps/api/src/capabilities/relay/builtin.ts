import type { RelayBackend } from './backend'
import { estimateUserOperationGas, sendUserOperation, userOperationByHash, userOperationReceipt } from './bundler'
import type { BuiltInRelay, RelayContext } from './context'
import { sendAuthorization } from './delegation'
import { paymasterApproval, paymasterStub } from './paymaster'
import { RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'

/** The built-in relay delegates accounts with airlock_sendAuthorization: an operation carrying its own authorization is refused. */
function withoutAuthorization(op: RpcUserOperation): RpcUserOperation {
  if (op.eip7702Auth === undefined) return op
  throw new RelayError(
    RelayErrorCode.InvalidParams,
    'Invalid params at params.0.eip7702Auth: send the EIP-7702 authorization with airlock_sendAuthorization first, then the user operation without it',
  )
}

/** The API as bundler (its relayer sends handleOps) and verifying paymaster (its signer approves) of a chain. */
export function builtInBackend(relay: BuiltInRelay): RelayBackend {
  const withKeys = (ctx: RelayContext) => ({ ...ctx, ...relay })
  return {
    supportedEntryPoints: async (ctx) => [ctx.entryPoint],
    paymasterStub: (ctx, { op }) => paymasterStub(withKeys(ctx), withoutAuthorization(op)),
    paymasterData: (ctx, { op }) => paymasterApproval(withKeys(ctx), withoutAuthorization(op)),
    estimateUserOperationGas: (ctx, { op }) => estimateUserOperationGas(ctx, withoutAuthorization(op)),
    sendUserOperation: (ctx, { op }) => sendUserOperation(withKeys(ctx), withoutAuthorization(op)),
    userOperationReceipt: (ctx, userOpHash) => userOperationReceipt(ctx, userOpHash),
    userOperationByHash: (ctx, userOpHash) => userOperationByHash(ctx, userOpHash),
    sendAuthorization: (ctx, params) => sendAuthorization(withKeys(ctx), params),
  }
}
