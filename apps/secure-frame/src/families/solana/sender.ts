import { isBoundedJson, ProviderRpcError, RpcErrorCode, type SolanaSendOptions } from '@airlock/protocol'
import { createChainProxy, type ChainProxyOptions } from '../../chain/proxy'
import type { SolanaCluster } from './cluster'

/** A node's message is a sentence or two; anything longer is cut (the logs travel in `data`). */
const MESSAGE_MAX_LENGTH = 1000

/** How long the frame waits for the RPC proxy to take a transaction (a node answers sendTransaction at once). */
export const SEND_TIMEOUT_MS = 20_000

export const SenderMessage = {
  refused: (message: string) => `The network refused the transaction: ${message}`,
  unreachable: 'The network could not be reached: the transaction was not sent',
  timedOut: 'The network did not answer in time: the transaction may or may not have been sent',
  noProject: 'The modal has not said which project this is: the transaction was not sent',
  http: (status: number, error: string | undefined) =>
    `The RPC proxy answered HTTP ${status}${error ? ` (${error})` : ''}: the transaction was not sent`,
  malformed: 'The RPC proxy gave an answer that is not a signature',
} as const

export interface SolanaSender {
  /** Sends a signed transaction (base64) to the cluster through the API's RPC proxy; resolves with its signature. */
  sendTransaction(request: {
    cluster: SolanaCluster
    projectId: string | undefined
    transaction: string
    sendOptions: SolanaSendOptions | undefined
  }): Promise<string>
}

/**
 * `sendTransaction` for solana_signAndSendTransaction, through the data API's RPC proxy
 * (chain/proxy.ts). Only signed bytes leave. A node's refusal (a failed preflight: rent, funds, a
 * program error) comes back as its code and message, with its data (err, logs) when that is plain
 * bounded JSON.
 */
export function createSolanaSender(options: ChainProxyOptions & { timeoutMs?: number }): SolanaSender {
  const proxy = createChainProxy(options)
  return {
    async sendTransaction({ cluster, projectId, transaction, sendOptions }) {
      if (!projectId) throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, SenderMessage.noProject)
      const answer = await proxy({
        chainId: cluster,
        projectId,
        method: 'sendTransaction',
        params: [transaction, { ...sendOptions, encoding: 'base64' }],
        timeoutMs: options.timeoutMs ?? SEND_TIMEOUT_MS,
      })
      switch (answer.kind) {
        case 'timedOut':
          throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, SenderMessage.timedOut)
        case 'unreachable':
          throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, SenderMessage.unreachable)
        case 'rpcError': {
          const { code, message, data } = answer.error
          const text = SenderMessage.refused(message.slice(0, MESSAGE_MAX_LENGTH))
          throw new ProviderRpcError(code, text, data !== undefined && isBoundedJson(data, 20_000) ? data : undefined)
        }
        case 'http':
          throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, SenderMessage.http(answer.status, answer.reason))
        case 'result':
          if (typeof answer.result !== 'string') throw new ProviderRpcError(RpcErrorCode.InternalError, SenderMessage.malformed)
          return answer.result
      }
    },
  }
}
