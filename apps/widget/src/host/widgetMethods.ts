import type { WidgetMethods } from '@airlock/protocol'
import { requestAccounts } from '../core/session/requestAccounts'
import { updateConnectors } from '../connectors/relayed/list'
import { handleConnectorEvent } from '../connectors/relayed/events'
import { disconnect } from '../connectors/disconnect'
import { closeModal, openModal } from '../core/modal/modal'
import { addNetwork, removeNetwork, switchNetwork } from '../features/networks/actions'
import { setOptions, setTheme } from '../core/options/options'
import type { WidgetContext } from '../core/context'
import { walletRequest } from '../connectors/request'
import { createRequestHandler } from './rpc/handler'
import { connectionAtom } from '../core/session/atoms'
import { publicStateAtom } from './publicState'

/** What the host SDK may call; params are schema-checked by exposeMethods before these run. */
export function createWidgetMethods(ctx: WidgetContext): WidgetMethods {
  const handleRequest = createRequestHandler({
    snapshot: () => {
      const connection = ctx.store.get(connectionAtom)
      const { caipNetworkId, chainId } = ctx.store.get(publicStateAtom)
      return {
        connected: connection.status === 'connected',
        address: connection.address,
        connectorId: connection.connectorId,
        caipNetworkId: caipNetworkId ?? 'eip155:1',
        chainId,
      }
    },
    connectorRequest: (connectorId, method, params) => walletRequest(ctx, connectorId, method, params),
    proxyRequest: (caipNetworkId, method, params) => ctx.api.rpc(caipNetworkId, method, params),
    requestAccounts: () => requestAccounts(ctx),
  })

  return {
    open: (params) => openModal(ctx, params?.view),
    close: () => closeModal(ctx),
    request: handleRequest,
    getState: () => ctx.store.get(publicStateAtom),
    setOptions: (options) => setOptions(ctx, options),
    setTheme: (theme) => setTheme(ctx, theme),
    switchNetwork: ({ caipNetworkId }) => switchNetwork(ctx, caipNetworkId),
    addNetwork: ({ caipNetworkId }) => addNetwork(ctx, caipNetworkId),
    removeNetwork: ({ caipNetworkId }) => removeNetwork(ctx, caipNetworkId),
    disconnect: () => disconnect(ctx),
    connectorsChanged: ({ connectors }) => updateConnectors(ctx, connectors),
    connectorEvent: (event) => handleConnectorEvent(ctx, event),
  }
}
