import * as z from 'zod/mini'
import type { RpcErrorObject } from '@airlock/protocol'
import { createJsonRpcPost, type ProxyAnswer } from '../../../chain/proxy'
import type { SmartAccountNetwork } from '../../../server/client'

/**
 * The smart account's bundler and paymaster: ERC-4337's bundler RPC and ERC-7677's paymaster RPC at
 * one JSON-RPC endpoint, the API's own relay (`{apiUrl}/v1/relay/{chainId}?projectId=…`) or the
 * URL the frame's server names for the network. Every answer is checked; never throws: the caller
 * says what each outcome means for its user.
 */
export type RelayAnswer<T> =
  | { kind: 'result'; result: T }
  | { kind: 'rpcError'; error: RpcErrorObject }
  /** A result that is not what the method answers (a broken or hostile relay). */
  | { kind: 'malformed' }
  | Exclude<ProxyAnswer, { kind: 'result' } | { kind: 'rpcError' }>

export const RELAY_TIMEOUT_MS = 30_000

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const hex = z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/), z.maxLength(2 + 2 * 1024))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const hash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

/** eth_estimateUserOperationGas (v0.8: the paymaster's limits too when the bundler knows them). */
export const GasEstimate = z.object({
  preVerificationGas: quantity,
  verificationGasLimit: quantity,
  callGasLimit: quantity,
  paymasterVerificationGasLimit: z.optional(quantity),
  paymasterPostOpGasLimit: z.optional(quantity),
})
/** pm_getPaymasterData (ERC-7677, v0.7+ entry points). */
export const PaymasterFields = z.object({
  paymaster: address,
  paymasterData: hex,
  paymasterVerificationGasLimit: z.optional(quantity),
  paymasterPostOpGasLimit: z.optional(quantity),
})
export const Hash = hash

/** A relay of one network: `call` asks it `method` and reads the answer with `schema`. */
export interface Relay {
  call<T>(method: string, params: unknown[], schema: z.ZodMiniType<T>): Promise<RelayAnswer<T>>
}

export function relayUrl(network: SmartAccountNetwork, apiUrl: string, projectId: string): string {
  if (network.relayUrl) return network.relayUrl
  return `${apiUrl.replace(/\/+$/, '')}/v1/relay/${network.chainId}?${new URLSearchParams({ projectId })}`
}

export function createRelay(url: string, options: { fetch?: typeof fetch; timeoutMs?: number } = {}): Relay {
  const post = createJsonRpcPost(options.fetch)
  return {
    async call(method, params, schema) {
      const answer = await post(url, method, params, options.timeoutMs ?? RELAY_TIMEOUT_MS)
      if (answer.kind !== 'result') return answer
      const parsed = schema.safeParse(answer.result)
      return parsed.success ? { kind: 'result', result: parsed.data } : { kind: 'malformed' }
    },
  }
}

/** Why a relay's answer is not a result, in words for the user. */
export function relayFailure(answer: Exclude<RelayAnswer<unknown>, { kind: 'result' }>): string {
  switch (answer.kind) {
    case 'rpcError':
      return answer.error.message.slice(0, 300)
    case 'malformed':
      return 'the relay answered something that is not a valid answer'
    case 'http':
      return `the relay answered HTTP ${answer.status}${answer.reason ? `: ${answer.reason}` : ''}`
    case 'timedOut':
      return 'the relay did not answer in time'
    case 'unreachable':
      return 'the relay cannot be reached'
  }
}
