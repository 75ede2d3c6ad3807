import { checkAuthorization } from './authorization'
import type { RelayBackend } from './backend'
import { estimateUserOperationGas, sendUserOperation, userOperationByHash, userOperationReceipt } from './bundler'
import type { BuiltInRelay, RelayContext } from './context'
import { paymasterApproval, paymasterStub } from './paymaster'
import { RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'

/**
 * The operation's checked authorization (authorization.ts). EntryPoint v0.8's 0x7702 initCode
 * hashes as the account's delegate: without the authorization naming it, it is refused.
 */
async function authorizationOf(ctx: RelayContext, op: RpcUserOperation, signed = false) {
  const authorization = await checkAuthorization(ctx, op, { signed })
  if (op.factory && !authorization) {
    throw new RelayError(
      RelayErrorCode.InvalidParams,
      'Invalid params at params.0.factory: the 0x7702 initCode comes with the eip7702Auth it stands for',
    )
  }
  return authorization
}

/**
 * The API as bundler (its relayer sends handleOps) and verifying paymaster (its signer approves) of
 * a chain. An account's first operation carries its EIP-7702 authorization (eip7702Auth), checked
 * by every method (its signature when the operation is sent) and sent in the type-4 handleOps transaction.
 */
export function builtInBackend(relay: BuiltInRelay): RelayBackend {
  const withKeys = (ctx: RelayContext) => ({ ...ctx, ...relay })
  return {
    supportedEntryPoints: async (ctx) => [ctx.entryPoint],
    async paymasterStub(ctx, { op }) {
      await authorizationOf(ctx, op)
      return paymasterStub(withKeys(ctx), op)
    },
    async paymasterData(ctx, { op }) {
      await authorizationOf(ctx, op)
      return paymasterApproval(withKeys(ctx), op)
    },
    estimateUserOperationGas: async (ctx, { op }) => estimateUserOperationGas(ctx, op, await authorizationOf(ctx, op)),
    sendUserOperation: async (ctx, { op }) => sendUserOperation(withKeys(ctx), op, await authorizationOf(ctx, op, true)),
    userOperationReceipt: (ctx, userOpHash) => userOperationReceipt(ctx, userOpHash),
    userOperationByHash: (ctx, userOpHash) => userOperationByHash(ctx, userOpHash),
  }
}
