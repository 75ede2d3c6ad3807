import { isBoundedJson, isRpcErrorObject, ProviderRpcError, RpcErrorCode, type SolanaSendOptions } from '@airlock/protocol'
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
 * The frame's one call to a chain: `sendTransaction` for solana_signAndSendTransaction, through
 * the data API's RPC proxy (`POST {apiUrl}/v1/rpc?chainId=…&projectId=…`, the endpoint the widget
 * sends eip155 transactions to). Only signed bytes leave. A node's refusal (a failed preflight:
 * rent, funds, a program error) comes back as its code and message, with its data (err, logs)
 * when that is plain bounded JSON.
 */
export function createSolanaSender(options: { apiUrl: string; fetch?: typeof fetch; timeoutMs?: number }): SolanaSender {
  const base = options.apiUrl.replace(/\/+$/, '')
  const request = options.fetch ?? ((input, init) => fetch(input, init))
  let nextId = 1
  return {
    async sendTransaction({ cluster, projectId, transaction, sendOptions }) {
      if (!projectId) throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, SenderMessage.noProject)
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? SEND_TIMEOUT_MS)
      let response: Response
      let body: unknown
      try {
        response = await request(`${base}/v1/rpc?${new URLSearchParams({ chainId: cluster, projectId })}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: nextId++,
            method: 'sendTransaction',
            params: [transaction, { ...sendOptions, encoding: 'base64' }],
          }),
          signal: controller.signal,
        })
        body = await response.json().catch(() => undefined)
      } catch {
        throw new ProviderRpcError(
          RpcErrorCode.ResourceUnavailable,
          controller.signal.aborted ? SenderMessage.timedOut : SenderMessage.unreachable,
        )
      } finally {
        clearTimeout(timer)
      }
      const reply = typeof body === 'object' && body !== null ? (body as { result?: unknown; error?: unknown }) : {}
      if (isRpcErrorObject(reply.error)) {
        const { code, message, data } = reply.error
        const text = SenderMessage.refused(message.slice(0, MESSAGE_MAX_LENGTH))
        throw new ProviderRpcError(code, text, data !== undefined && isBoundedJson(data, 20_000) ? data : undefined)
      }
      if (!response.ok) {
        const error = typeof reply.error === 'string' ? reply.error.slice(0, 200) : undefined
        throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, SenderMessage.http(response.status, error))
      }
      if (typeof reply.result !== 'string') throw new ProviderRpcError(RpcErrorCode.InternalError, SenderMessage.malformed)
      return reply.result
    },
  }
}
