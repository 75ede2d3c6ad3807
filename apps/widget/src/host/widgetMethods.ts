import { parseChainId } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode, type Namespace, type WidgetMethods } from '@airlock/protocol'
import { requestAccounts } from '../core/session/requestAccounts'
import { awaitConnection } from '../core/session/awaitConnection'
import { updateConnectors } from '../connectors/relayed/list'
import { handleConnectorEvent } from '../connectors/relayed/events'
import { disconnect } from '../connectors/disconnect'
import { openModal, requestClose } from '../core/modal/modal'
import { addNetwork, removeNetwork, switchNetwork } from '../features/networks/actions'
import { setOptions, setTheme } from '../core/options/options'
import type { WidgetContext } from '../core/context'
import { walletRequest } from '../connectors/request'
import { createRequestHandler } from './rpc/eip155'
import { createSolanaHandler } from './rpc/solana'
import { publicStateAtom } from './publicState'
import { connectionsAtom } from '../core/session/atoms'
import { activeCaipNetworkIdAtom } from '../core/network/atoms'
import { networksAtom } from '../core/options/atoms'

/** What the host SDK may call; params are schema-checked by exposeMethods before these run. */
export function createWidgetMethods(ctx: WidgetContext): WidgetMethods {
  const eip155 = createRequestHandler({
    snapshot: () => {
      const connection = ctx.store.get(connectionsAtom).eip155
      const active = ctx.store.get(activeCaipNetworkIdAtom)
      const caipNetworkId =
        connection?.caipNetworkId ??
        (active.startsWith('eip155:') ? active : (ctx.store.get(networksAtom).find((id) => id.startsWith('eip155:')) ?? 'eip155:1'))
      return {
        connected: connection !== undefined,
        address: connection?.addresses[0],
        caipNetworkId,
        chainId: parseChainId(caipNetworkId.slice('eip155:'.length)),
      }
    },
    walletRequest: (method, params) => walletRequest(ctx, 'eip155', method, params),
    proxyRequest: (caipNetworkId, method, params) => ctx.api.rpc(caipNetworkId, method, params),
    requestAccounts: () => requestAccounts(ctx, 'eip155'),
    awaitConnection: () => awaitConnection(ctx, 'eip155'),
  })
  const solana = createSolanaHandler({
    address: () => ctx.store.get(connectionsAtom).solana?.addresses[0],
    walletRequest: (method, params) => walletRequest(ctx, 'solana', method, params),
    requestAccounts: () => requestAccounts(ctx, 'solana'),
    awaitConnection: () => awaitConnection(ctx, 'solana'),
  })
  const handlers: Partial<Record<Namespace, (request: { method: string; params?: unknown }) => Promise<unknown>>> = { eip155, solana }

  return {
    open: (params) => openModal(ctx, params?.view, params?.namespace),
    close: () => requestClose(ctx),
    request: async ({ namespace, method, params }) => {
      const handle = handlers[namespace]
      if (!handle) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `The ${namespace} namespace is not supported yet`)
      return handle({ method, params })
    },
    getState: () => ctx.store.get(publicStateAtom),
    setOptions: (options) => setOptions(ctx, options),
    setTheme: (theme) => setTheme(ctx, theme),
    switchNetwork: ({ caipNetworkId }) => switchNetwork(ctx, caipNetworkId),
    addNetwork: ({ caipNetworkId }) => addNetwork(ctx, caipNetworkId),
    removeNetwork: ({ caipNetworkId }) => removeNetwork(ctx, caipNetworkId),
    disconnect: (params) => disconnect(ctx, params?.namespace),
    connectorsChanged: ({ connectors }) => updateConnectors(ctx, connectors),
    connectorEvent: (event) => handleConnectorEvent(ctx, event),
    signOut: () => import('../features/siwx/flow').then((flow) => flow.signOut(ctx)),
  }
}
