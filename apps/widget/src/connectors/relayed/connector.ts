import { ProviderRpcError, RpcErrorCode, type ConnectorDescription } from '@airlock/protocol'
import { loadChainAdapter } from '../../chains/registry'
import type { ChainAdapter, PageCall } from '../../chains/types'
import type { WidgetContext } from '../../core/context'
import { networkContext } from '../networks'
import type { Connector } from '../types'
import { connectorsAtom, registryNamesAtom } from './atoms'
import { withRegistryNames, type NamedConnector } from './registryNames'
import { connectorRequest } from './request'

/** The wallet's description as the host listed it, and its family's adapter (the page wallet's dialect). */
async function family(ctx: WidgetContext, connectorId: string): Promise<{ description: ConnectorDescription; adapter: ChainAdapter }> {
  const description = ctx.store.get(connectorsAtom).find((c) => c.id === connectorId)
  if (!description) throw new ProviderRpcError(RpcErrorCode.Disconnected, `Wallet ${connectorId} is not available in this page`)
  return { description, adapter: await loadChainAdapter(description.namespace) }
}

/** The wallet as the lists name it: a Polkadot extension by its registry name, not its key. */
function shown(ctx: WidgetContext, description: ConnectorDescription): NamedConnector {
  return withRegistryNames([description], ctx.store.get(registryNamesAtom))[0] ?? description
}

/**
 * A wallet living in the dapp page (EIP-6963, window.ethereum, the Wallet Standard, or one the
 * dapp passed): every call is relayed by the host, in its family's dialect (chains/<ns>/pageWallet).
 */
export function relayedConnector(connectorId: string): Connector {
  const call =
    (ctx: WidgetContext): PageCall =>
    (method, params) =>
      connectorRequest(ctx, connectorId, method, params)
  return {
    id: connectorId,
    name: (ctx) => {
      const description = ctx.store.get(connectorsAtom).find((c) => c.id === connectorId)
      return description ? shown(ctx, description).name : connectorId
    },
    namespaces: (ctx) => ctx.store.get(connectorsAtom).flatMap((c) => (c.id === connectorId ? [c.namespace] : [])),
    async connect(ctx) {
      const { description, adapter } = await family(ctx, connectorId)
      const accounts = await adapter.pageWallet.connect(call(ctx), description, networkContext(ctx))
      const wallet = shown(ctx, description)
      return {
        accounts: [accounts],
        name: wallet.name,
        method: 'browser',
        recent: {
          id: wallet.rdns || connectorId,
          name: wallet.name,
          imageUrl: wallet.icon ?? wallet.imageUrl,
          rdns: wallet.rdns,
          connectorId,
        },
      }
    },
    async reconnect(ctx) {
      const { description, adapter } = await family(ctx, connectorId)
      // Any answer but the accounts (a refusal, malformed accounts) means the page no longer grants them.
      const accounts = await adapter.pageWallet.reconnect(call(ctx), description, networkContext(ctx)).catch(() => undefined)
      return accounts ? { accounts: [accounts], name: shown(ctx, description).name } : undefined
    },
    async request(ctx, { caipNetworkId, address, method, params }) {
      const { description, adapter } = await family(ctx, connectorId)
      return adapter.pageWallet.request(call(ctx), { caipNetworkId, address, method, params, description })
    },
    async switchNetwork(ctx, _namespace, caipNetworkId) {
      const { adapter } = await family(ctx, connectorId)
      await adapter.switchNetwork(call(ctx), caipNetworkId, networkContext(ctx))
    },
    async disconnect(ctx) {
      const { description, adapter } = await family(ctx, connectorId)
      await adapter.pageWallet.disconnect(call(ctx), description)
    },
  }
}
