import { parseChainId, toHexChainId } from '@airlock/chains'
import {
  CALLS_STATUS,
  EIP5792_VERSION,
  ProviderRpcError,
  RpcErrorCode,
  WalletGetCallsStatusResult,
  WalletGetCapabilitiesResult,
  WalletSendCallsResult,
} from '@airlock/protocol'
import { pollUntil, withTimeout } from '../../core/async'
import type { CallBatches } from '../types'
import { walletCallFields } from './walletTransaction'

/** How long a wallet may take to say what it can: a wallet that does not answer is one without batches. */
export const CAPABILITIES_TIMEOUT_MS = 3_000

export const BatchMessage = {
  malformedId: 'The wallet returned a malformed batch id',
  malformedStatus: 'The wallet returned a malformed batch status',
  notFinal: (id: string) => `Batch ${id} was not final in time`,
  partial: (id: string) => `Batch ${id} reverted in part: some of its calls may have landed`,
} as const

/** The network's chain id as EIP-5792 writes it (hex), or undefined off eip155. */
function hexChainOf(caipNetworkId: string): string | undefined {
  const chainId = parseChainId(caipNetworkId.slice('eip155:'.length))
  return chainId === undefined ? undefined : toHexChainId(chainId)
}

/**
 * EIP-5792 from the modal's own flows, whatever wallet carries it (the embedded wallet's smart
 * account, a page or WalletConnect wallet that has batches): wallet_getCapabilities decides, then
 * wallet_sendCalls with atomicRequired, and wallet_getCallsStatus until the batch is final.
 */
export const eip155Batches: CallBatches = {
  async atomic(send, address, caipNetworkId) {
    const chain = hexChainOf(caipNetworkId)
    if (chain === undefined) return false
    const answer = await withTimeout(
      send('wallet_getCapabilities', [address, [chain]]),
      CAPABILITIES_TIMEOUT_MS,
      () => new Error('timeout'),
    ).catch(() => undefined)
    const capabilities = WalletGetCapabilitiesResult.safeParse(answer)
    if (!capabilities.success) return false
    // A chain's own entry, else what the wallet says of every chain (`0x0`).
    const status = (capabilities.data[chain] ?? capabilities.data['0x0'])?.atomic?.status
    return status === 'supported' || status === 'ready'
  },

  async send(send, { from, caipNetworkId, calls }) {
    const chainId = hexChainOf(caipNetworkId)
    if (chainId === undefined) throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Not an eip155 network: ${caipNetworkId}`)
    const answer = await send('wallet_sendCalls', [
      { version: EIP5792_VERSION, from, chainId, atomicRequired: true, calls: calls.map(walletCallFields) },
    ])
    const result = WalletSendCallsResult.safeParse(answer)
    if (!result.success) throw new ProviderRpcError(RpcErrorCode.InternalError, BatchMessage.malformedId)
    return result.data.id
  },

  async wait(send, id, { timeoutMs = 120_000, intervalMs = 1_000 } = {}) {
    return pollUntil(
      async () => {
        const answer = WalletGetCallsStatusResult.safeParse(await send('wallet_getCallsStatus', [id]))
        if (!answer.success) throw new ProviderRpcError(RpcErrorCode.InternalError, BatchMessage.malformedStatus)
        const { status } = answer.data
        if (status === CALLS_STATUS.confirmed) return 'success'
        if (status === CALLS_STATUS.reverted || status === CALLS_STATUS.offchainFailure) return 'failed'
        // The swap's approval may be on chain without its swap: said plainly rather than as a failure like any other.
        if (status === CALLS_STATUS.partiallyReverted) throw new ProviderRpcError(RpcErrorCode.InternalError, BatchMessage.partial(id))
        return undefined
      },
      { timeoutMs, intervalMs },
      () => new ProviderRpcError(RpcErrorCode.InternalError, BatchMessage.notFinal(id)),
    )
  },
}
