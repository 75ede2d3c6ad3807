import { getEvmNetwork } from '@airlock/chains'
import { RpcErrorCode } from '@airlock/protocol'
import { knownToken } from '../confirm/decode/tokens'
import { readSimulation, SimulateV1Result, SimulationText, type Simulation } from '../confirm/simulate/eip155'
import type { ChainProxy } from './proxy'

/** How long the prompt waits for the node's simulation before it shows without one (saying so). */
export const SIMULATION_TIMEOUT_MS = 5000

/** Answers of the proxy or the node that say nothing about the transaction, only that no simulation came. */
const NOT_ABOUT_THE_TRANSACTION = new Set<number>([
  RpcErrorCode.ResourceUnavailable,
  RpcErrorCode.LimitExceeded,
  RpcErrorCode.ResourceNotFound,
  RpcErrorCode.MethodNotSupported,
])
/** JSON-RPC's own errors (-32700 to -32600): the call, not the transaction, went wrong. */
const isProtocolError = (code: number) => code <= -32600

export interface SimulationRequest {
  chainId: number
  projectId: string | undefined
  /** The transaction exactly as it will be signed (wallet/rpc.ts shownTransaction). */
  transaction: Record<string, unknown>
}

export type Simulator = (request: SimulationRequest) => Promise<Simulation>

/**
 * Asks the deployment's own node what the transaction would do (`eth_simulateV1` with transfer
 * tracing, through the API's RPC proxy: no outside service sees it), before the user is asked.
 */
export function createSimulator(proxy: ChainProxy, timeoutMs = SIMULATION_TIMEOUT_MS): Simulator {
  return async ({ chainId, projectId, transaction }) => {
    const unavailable = (reason: string = SimulationText.unavailable): Simulation => ({ status: 'unavailable', reason })
    if (!projectId) return unavailable()
    const { from, to, value, data, gas } = transaction
    const call = { from, ...(to ? { to } : {}), value, ...(data ? { data } : {}), gas }
    const answer = await proxy({
      chainId: `eip155:${chainId}`,
      projectId,
      method: 'eth_simulateV1',
      // Validation off: the fee is shown apart (a balance that covers the value but not the fee fails at the send).
      params: [{ blockStateCalls: [{ calls: [call] }], traceTransfers: true, validation: false }, 'latest'],
      timeoutMs,
    })
    switch (answer.kind) {
      case 'result': {
        const parsed = SimulateV1Result.safeParse(answer.result)
        if (!parsed.success) return unavailable()
        // The frame's own list of tokens names them: a symbol the token (or anyone else) reports could be forged.
        const native = getEvmNetwork(chainId)?.nativeCurrency
        return readSimulation(parsed.data, String(from), native, (token) => knownToken(chainId, token))
      }
      case 'rpcError':
        return NOT_ABOUT_THE_TRANSACTION.has(answer.error.code) || isProtocolError(answer.error.code)
          ? unavailable()
          : { status: 'fails', reason: answer.error.message.slice(0, 300) || SimulationText.unknownReason }
      case 'timedOut':
        return unavailable(SimulationText.timedOut)
      case 'http':
      case 'unreachable':
        return unavailable()
    }
  }
}
