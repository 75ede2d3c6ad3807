import type { RelayBackend } from './backend'
import type { ExternalRelayServices } from './config'
import { APPROVAL_TTL_MS, maxCostWei, operationKey, SENT_TTL_MS, type RelayContext } from './context'
import { refuseUnsponsored, reserveOperation } from './gate'
import { InOperationAuthorization, ReceiptCost, RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'
import { serviceClient, ServiceRefusal } from './service'
import { openReservation, releaseReservation, settleReservation } from './store'

/**
 * An account's delegation travels in its first operation's eip7702Auth (the bundler sends it): only
 * one to this API's DeleGator, for this chain, is forwarded.
 */
function checkAuthorization(ctx: RelayContext, op: RpcUserOperation): void {
  if (op.eip7702Auth === undefined) return
  const parsed = InOperationAuthorization.safeParse(op.eip7702Auth)
  const refuse = (why: string) => new RelayError(RelayErrorCode.InvalidParams, `Invalid params at params.0.eip7702Auth: ${why}`)
  if (!parsed.success) throw refuse('must be an EIP-7702 authorization { address, chainId, nonce, r, s, yParity }')
  const { address, chainId } = parsed.data
  if (chainId !== ctx.chainId) throw refuse(`the authorization is for chain ${chainId}, not this endpoint's chain (${ctx.chainId})`)
  if (address.toLowerCase() !== ctx.delegator.toLowerCase()) {
    throw refuse(`the authorization delegates to ${address}: accounts here delegate to the EIP7702StatelessDeleGator at ${ctx.delegator}`)
  }
}

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
 * eth_sendUserOperation, and settled by its receipt. The bundler's own answers (its ERC-7769
 * errors too) go back as they are.
 */
export function externalBackend(chainId: number, services: ExternalRelayServices, send: typeof fetch = fetch): RelayBackend {
  const bundler = serviceClient('bundler', services.bundlerUrl, chainId, send)
  const paymaster = serviceClient('paymaster', services.paymasterUrl, chainId, send)
  return {
    supportedEntryPoints: () => bundler('eth_supportedEntryPoints', []),
    async paymasterStub(ctx, { op, params }) {
      checkAuthorization(ctx, op)
      await refuseUnsponsored(ctx, op)
      return paymaster('pm_getPaymasterStubData', params)
    },
    async paymasterData(ctx, { op, params }) {
      checkAuthorization(ctx, op)
      const reservation = await reserveOperation(ctx, op, { maxCostWei: costOf(op), ttlMs: APPROVAL_TTL_MS })
      try {
        return await paymaster('pm_getPaymasterData', params)
      } catch (error) {
        await releaseReservation(ctx.db, reservation)
        throw error
      }
    },
    async estimateUserOperationGas(ctx, { op, params }) {
      checkAuthorization(ctx, op)
      return bundler('eth_estimateUserOperationGas', params)
    },
    async sendUserOperation(ctx, { op, params }) {
      checkAuthorization(ctx, op)
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
    async sendAuthorization(ctx) {
      throw new RelayError(
        RelayErrorCode.NotSupported,
        `airlock_sendAuthorization is not available on chain ${ctx.chainId}: its user operations go to an external ERC-4337 bundler, and only the API's built-in relayer sends EIP-7702 delegations. Put the account's signed authorization in its first user operation's eip7702Auth instead`,
      )
    },
  }
}
