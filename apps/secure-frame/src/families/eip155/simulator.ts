import { getEvmNetwork } from '@airlock/chains'
import { RpcErrorCode } from '@airlock/protocol'
import type { ChainProxy } from '../../chain/proxy'
import type { UsdPrices } from '../../chain/prices'
import { SimulationText, type Simulation } from '../../display/simulation'
import { NATIVE_TOKEN, readSimulation, SimulateV1Result } from './simulation'
import { KNOWN_TOKENS, knownToken } from './tokens'

/** How long the prompt waits for the node's simulation before it shows without one (saying so). */
export const SIMULATION_TIMEOUT_MS = 5000
/**
 * The prices are asked beside the simulation, never before it: once the node has answered, the
 * prompt waits at most this long more for them, then shows the changes without a USD value.
 */
export const PRICE_GRACE_MS = 100

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
  /** The transaction exactly as it will be signed (prepare.ts shownTransaction). */
  transaction: Record<string, unknown>
  /** Whose balances the changes are of, when it is not the transaction's sender (a smart account run by its EntryPoint). */
  account?: string
  /** eth_simulateV1's state overrides (a smart account's delegation before its first batch has made it). */
  stateOverrides?: Record<string, { code: string }>
}

export type Simulator = (request: SimulationRequest) => Promise<Simulation>

/**
 * Asks the deployment's own node what the transaction would do (`eth_simulateV1` with transfer
 * tracing, through the API's RPC proxy: no outside service sees it), before the user is asked;
 * and, meanwhile, the same API's USD prices of the native currency and the tokens the frame names
 * on that chain (only those get a value: their decimals are the frame's own).
 */
export function createSimulator(proxy: ChainProxy, timeoutMs = SIMULATION_TIMEOUT_MS): Simulator {
  return async ({ chainId, projectId, transaction, account, stateOverrides }) => {
    const unavailable = (reason: string = SimulationText.unavailable): Simulation => ({ status: 'unavailable', reason })
    if (!projectId) return unavailable()
    const { from, to, value, data, gas } = transaction
    const call = { from, ...(to ? { to } : {}), value, ...(data ? { data } : {}), gas }
    const pricing = new AbortController()
    const tokens = [NATIVE_TOKEN, ...(KNOWN_TOKENS.get(chainId)?.keys() ?? [])]
    const prices = proxy.prices?.({ chainId, projectId, tokens, signal: pricing.signal })
    const answer = await proxy({
      chainId: `eip155:${chainId}`,
      projectId,
      method: 'eth_simulateV1',
      // Validation off: the fee is shown apart (a balance that covers the value but not the fee fails at the send).
      params: [
        { blockStateCalls: [{ ...(stateOverrides ? { stateOverrides } : {}), calls: [call] }], traceTransfers: true, validation: false },
        'latest',
      ],
      timeoutMs,
    })
    const priced = answer.kind === 'result' ? await within(prices, PRICE_GRACE_MS) : undefined
    pricing.abort()
    switch (answer.kind) {
      case 'result': {
        const parsed = SimulateV1Result.safeParse(answer.result)
        if (!parsed.success) return unavailable()
        // The frame's own list of tokens names them: a symbol the token (or anyone else) reports could be forged.
        const native = getEvmNetwork(chainId)?.nativeCurrency
        return readSimulation(parsed.data, account ?? String(from), native, (token) => knownToken(chainId, token), priced)
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

/** The prices if they are in within `ms`, else none. */
async function within(prices: Promise<UsdPrices> | undefined, ms: number): Promise<UsdPrices | undefined> {
  if (!prices) return undefined
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, ms)
    void prices.finally(() => clearTimeout(timer))
  })
  return Promise.race([prices, late])
}
