import { decodePermissionContext, encodeDisableDelegation, type Delegation } from '@airlock/chains/eip155'
import {
  EIP5792_VERSION,
  executionPermissionError,
  ProviderRpcError,
  RpcErrorCode,
  WalletRevokeExecutionPermissionParams,
  type FrameRpcRequest,
} from '@airlock/protocol'
import { numberToHex, type Hex } from 'viem'
import * as z from 'zod/mini'
import { requestTools, type PrepareContext, type PreparedRequest } from '../../types'
import type { Eip155Account } from '../derive'
import type { Eip155Services } from '../prepare'
import { prepareCalls } from '../smart-account/prepareCalls'
import { delegationFramework } from './framework'

export const RevokeMessage = {
  unreadable: 'The permission context is not a delegation this wallet can read',
  notOurs: 'The permission was not granted by this wallet',
  unavailable: (chainId: unknown) => `Permissions need a smart account, which chain ${String(chainId)} does not have here`,
  failed: 'The revocation did not go through on chain',
  notMined: 'The revocation was sent but is not on chain yet',
} as const

const UserOperationReceipt = z.nullable(z.object({ success: z.boolean() }))
const REVOKE_WAIT_MS = 30_000

/**
 * wallet_revokeExecutionPermission (and wallet_revokePermissions): the account disables the
 * delegation on chain (DelegationManager.disableDelegation, which only its delegator may call), as
 * a sponsored user operation the user confirms like any batch. Answers `{}` once it is mined, so
 * that the dapp's next redemption is already refused.
 */
export async function prepareRevoke(
  account: Eip155Account,
  request: FrameRpcRequest,
  context: PrepareContext,
  services: Eip155Services,
): Promise<PreparedRequest> {
  const { parse } = requestTools(request, { chainId: undefined, from: account.address })
  const params = parse(WalletRevokeExecutionPermissionParams)
  const { permissionContext } = Array.isArray(params) ? params[0] : params
  const delegation = leafDelegation(permissionContext as Hex)
  if (delegation.delegator.toLowerCase() !== account.address.toLowerCase()) throw executionPermissionError(RevokeMessage.notOurs)
  const chainId = context.chainId
  const network = typeof chainId === 'number' ? services.smartAccounts?.network(chainId) : undefined
  const framework = network && delegationFramework(network.delegator)
  if (typeof chainId !== 'number' || !network || !framework || !services.smartAccounts)
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, RevokeMessage.unavailable(chainId))
  const disable = {
    method: 'wallet_sendCalls',
    params: [
      {
        version: EIP5792_VERSION,
        chainId: numberToHex(chainId),
        from: account.address,
        atomicRequired: true,
        calls: [{ to: framework.delegationManager, data: encodeDisableDelegation(delegation) }],
      },
    ],
  }
  const batch = await prepareCalls(account, { ...request, ...disable }, context, services)
  const relay = services.smartAccounts.relay(network, context.projectId!)
  return {
    ...batch,
    // Shown as what it does (decode.ts reads the disabled delegations back out of the signed calls).
    method: request.method,
    async sign() {
      const { id } = (await batch.sign()) as { id: string }
      const deadline = Date.now() + REVOKE_WAIT_MS
      while (Date.now() < deadline) {
        const answer = await relay.call('eth_getUserOperationReceipt', [id], UserOperationReceipt)
        if (answer.kind === 'result' && answer.result) {
          if (!answer.result.success) break
          return {}
        }
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      throw new ProviderRpcError(RpcErrorCode.TransactionRejected, RevokeMessage.failed)
    },
  }
}

/** The redeemer's own delegation: the first of the context's chain (ERC-7710's order). */
function leafDelegation(context: Hex): Delegation {
  try {
    const [leaf] = decodePermissionContext(context)
    if (leaf) return leaf
  } catch {
    // Refused below, like an empty chain.
  }
  throw executionPermissionError(RevokeMessage.unreadable)
}
