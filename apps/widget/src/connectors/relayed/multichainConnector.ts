import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import type { ListedWallet } from '../multichain'
import type { Connector } from '../types'
import { listedWalletsAtom } from './atoms'
import { relayedConnector } from './connector'

function listed(ctx: WidgetContext, id: string): ListedWallet {
  const wallet = ctx.store.get(listedWalletsAtom).find((w) => w.id === id)
  if (!wallet) throw new ProviderRpcError(RpcErrorCode.Disconnected, `Wallet ${id} is not available in this page`)
  return wallet
}

/**
 * A wallet of the page offering several families (MULTI_CHAIN): connecting it connects every
 * family it offers (or those asked for), each through its own page connector, which then holds
 * its namespace in the session: disconnecting one family leaves the others.
 */
export function multiChainConnector(id: string): Connector {
  const member = (ctx: WidgetContext, namespace: string) => {
    const found = listed(ctx, id).members.find((m) => m.namespace === namespace)
    if (!found) throw new ProviderRpcError(RpcErrorCode.Disconnected, `${listed(ctx, id).name} offers no ${namespace} account`)
    return relayedConnector(found.id)
  }
  return {
    id,
    name: (ctx) => ctx.store.get(listedWalletsAtom).find((w) => w.id === id)?.name ?? id,
    namespaces: (ctx) => ctx.store.get(listedWalletsAtom).find((w) => w.id === id)?.namespaces ?? [],
    async connect(ctx, options) {
      const wallet = listed(ctx, id)
      const members = wallet.members.filter((m) => !options.namespaces || options.namespaces.includes(m.namespace))
      const accounts = []
      let failure: unknown
      // One family after the other: a wallet asks for each in turn; a family refused leaves the others.
      for (const description of members) {
        try {
          const result = await relayedConnector(description.id).connect(ctx, options)
          accounts.push(...result.accounts.map((account) => ({ ...account, connectorId: description.id })))
        } catch (error) {
          failure ??= error
        }
        if (!options.isCurrent()) break
      }
      if (accounts.length === 0) throw failure ?? new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no accounts')
      return {
        accounts,
        name: wallet.name,
        method: 'browser',
        recent: { id: wallet.rdns || id, name: wallet.name, imageUrl: wallet.icon, rdns: wallet.rdns, connectorId: id },
      }
    },
    // The session holds each family's own page connector, which restores itself.
    reconnect: async () => undefined,
    request: (ctx, request) => member(ctx, request.namespace).request(ctx, request),
    switchNetwork: (ctx, namespace, caipNetworkId) => member(ctx, namespace).switchNetwork(ctx, namespace, caipNetworkId),
    disconnect: async (ctx, namespaces) => {
      for (const namespace of namespaces) await member(ctx, namespace).disconnect(ctx, [namespace])
    },
  }
}
