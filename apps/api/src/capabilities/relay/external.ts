import { readAuthorization } from './authorization'
import type { RelayBackend } from './backend'
import type { ExternalRelayServices } from './config'
import { APPROVAL_TTL_MS, maxCostWei, operationKey, SENT_TTL_MS, type RelayContext } from './context'
import { refuseUnsponsored, reserveOperation } from './gate'
import { ReceiptCost, RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'
import { serviceClient, ServiceRefusal } from './service'
import { openReservation, releaseReservation, settleReservation } from './store'

/** The operation's maximum cost with its own paymaster gas limits (the external paymaster's stub set them). */
const costOf = (op: RpcUserOperation) => maxCostWei(op, (op.paymasterVerificationGasLimit ?? 0n) + (op.paymasterPostOpGasLimit ?? 0n))

/** Settles the sent operation's reservation to the actualGasCost its bundler reports. */
async function settleFromReceipt(ctx: RelayContext, receipt: unknown): Promise<void> {
  if (receipt === null) return
  const cost = ReceiptCost.safeParse(receipt)
  if (!cost.success) throw new RelayError(RelayErrorCode.Unavailable, `The bundler of chain ${ctx.chainId} answered a malformed receipt`)
  const reservation = await openReservation(ctx.db, operationKey(ctx.chainId, cost.data), ctx.now())
  if (reservation) await settleReservation(ctx.db, reservation, cost.data.actualGasCost)
}

/**
 * A chain served by an external ERC-4337 bundler and ERC-7677 paymaster. The project's policy and
 * budget stay here, in front of them: an operation the policy refuses is not forwarded; the
 * approval's maximum cost is reserved before pm_getPaymasterData, the sent operation's before
 * eth_sendUserOperation, and settled by its receipt. An operation's eip7702Auth is forwarded only
 * when it delegates to this API's DeleGator on this chain (readAuthorization); the bundler, which
 * sends it, answers for its signature and nonce. The bundler's own answers (its ERC-7769 errors
 * too) go back as they are.
 */
export function externalBackend(chainId: number, services: ExternalRelayServices, send: typeof fetch = fetch): RelayBackend {
  const bundler = serviceClient('bundler', services.bundlerUrl, chainId, send)
  const paymaster = serviceClient('paymaster', services.paymasterUrl, chainId, send)
  return {
    supportedEntryPoints: () => bundler('eth_supportedEntryPoints', []),
    async paymasterStub(ctx, { op, params }) {
      readAuthorization(ctx, op)
      await refuseUnsponsored(ctx, op)
      return paymaster('pm_getPaymasterStubData', params)
    },
    async paymasterData(ctx, { op, params }) {
      readAuthorization(ctx, op)
      const reservation = await reserveOperation(ctx, op, { maxCostWei: costOf(op), ttlMs: APPROVAL_TTL_MS })
      try {
        return await paymaster('pm_getPaymasterData', params)
      } catch (error) {
        await releaseReservation(ctx.db, reservation)
        throw error
      }
    },
    async estimateUserOperationGas(ctx, { op, params }) {
      readAuthorization(ctx, op)
      return bundler('eth_estimateUserOperationGas', params)
    },
    async sendUserOperation(ctx, { op, params }) {
      readAuthorization(ctx, op)
      const reservation = await reserveOperation(ctx, op, { maxCostWei: costOf(op), ttlMs: SENT_TTL_MS, replace: true })
      try {
        return await bundler('eth_sendUserOperation', params)
      } catch (error) {
        // Refused, it costs nothing; unanswered, it may still land, and its reservation holds until it expires.
        if (error instanceof ServiceRefusal) await releaseReservation(ctx.db, reservation)
        throw error
      }
    },
    async userOperationReceipt(ctx, userOpHash) {
      const receipt = await bundler('eth_getUserOperationReceipt', [userOpHash])
      await settleFromReceipt(ctx, receipt)
      return receipt
    },
    userOperationByHash: (_ctx, userOpHash) => bundler('eth_getUserOperationByHash', [userOpHash]),
  }
}
