import { EvmAddress, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { parseChainId } from '@airlock/chains'
import type { WidgetContext } from '../../core/context'
import type { HexAddress } from '../../core/session/atoms'

/**
 * An injected or announced wallet living in the dapp page: every request is relayed by the host.
 */
export function connectorRequest(ctx: WidgetContext, connectorId: string, method: string, params?: unknown): Promise<unknown> {
  const host = ctx.host.api
  if (!host) return Promise.reject(new ProviderRpcError(RpcErrorCode.Disconnected, 'Airlock is not connected to the page'))
  return host.connectorRequest(params === undefined ? { connectorId, method } : { connectorId, method, params })
}

export function parseAccounts(value: unknown): HexAddress[] {
  if (!Array.isArray(value) || !value.every((account) => EvmAddress.safeParse(account).success)) {
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned malformed accounts')
  }
  return value as HexAddress[]
}

export async function requestChainId(ctx: WidgetContext, connectorId: string): Promise<number> {
  const chainId = parseChainId(await connectorRequest(ctx, connectorId, 'eth_chainId'))
  if (chainId === undefined) throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed chain id')
  return chainId
}
