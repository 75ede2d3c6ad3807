import { RpcErrorCode, type RpcErrorObject } from '@airlock/protocol'
import * as z from 'zod'

/**
 * eth_simulateV1 runs whatever it is given on the node: the proxy forwards one block of at most
 * MAX_SIMULATED_CALLS calls (a wallet's preview of one transaction, or a dapp's short batch), so that
 * one request cannot keep the node busy with thousands.
 */
export const MAX_SIMULATED_CALLS = 16

const SimulateParams = z
  .tuple([z.looseObject({ blockStateCalls: z.array(z.looseObject({ calls: z.array(z.unknown()).optional() })) })])
  .rest(z.unknown())

export function simulateTooLarge(params: unknown): RpcErrorObject | undefined {
  const parsed = SimulateParams.safeParse(params)
  if (!parsed.success) return { code: RpcErrorCode.InvalidParams, message: 'eth_simulateV1 takes { blockStateCalls: [...] } and a block' }
  const [{ blockStateCalls }] = parsed.data
  const calls = blockStateCalls.reduce((sum, block) => sum + (block.calls?.length ?? 0), 0)
  if (blockStateCalls.length > 1 || calls > MAX_SIMULATED_CALLS)
    return {
      code: RpcErrorCode.LimitExceeded,
      message: `eth_simulateV1 through the Airlock RPC proxy takes one block of at most ${MAX_SIMULATED_CALLS} calls`,
    }
  return undefined
}
