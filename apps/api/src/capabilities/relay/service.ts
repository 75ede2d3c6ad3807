import { UpstreamResponse } from '../rpc/schema'
import { RelayError, RelayErrorCode } from './rpc'

/** How long the relay waits for an external bundler or paymaster. */
export const SERVICE_TIMEOUT_MS = 30_000

/** A JSON-RPC method of an external service: its result, or a RelayError. */
export type ServiceCall = (method: string, params: unknown[]) => Promise<unknown>

/** The service's own JSON-RPC error (e.g. ERC-7769's -32500 from a bundler), answered as it is: the service took the request and refused it. */
export class ServiceRefusal extends RelayError {}

/**
 * A JSON-RPC client of an external bundler or paymaster. Its URL may hold the provider's API key:
 * no error or log names it. A service that cannot be reached, or answers no JSON-RPC, is -32002.
 */
export function serviceClient(name: 'bundler' | 'paymaster', url: string, chainId: number, send: typeof fetch = fetch): ServiceCall {
  const unavailable = (why: string) => new RelayError(RelayErrorCode.Unavailable, `The ${name} of chain ${chainId} ${why}: try again later`)
  return async (method, params) => {
    let response: Response
    try {
      response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
      })
    } catch (error) {
      const cause = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as Error).name
      console.warn(`[relay] the ${name} of chain ${chainId} failed on ${method}: ${String(cause)}`)
      throw unavailable('cannot be reached')
    }
    const answer = UpstreamResponse.safeParse(await response.json().catch(() => undefined))
    if (!answer.success) throw unavailable(`answered HTTP ${response.status} without a JSON-RPC response`)
    const { error, result } = answer.data
    if (error) throw new ServiceRefusal(error.code, error.message)
    return result ?? null
  }
}
