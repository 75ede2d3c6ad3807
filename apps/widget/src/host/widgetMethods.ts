import type { WidgetMethods } from '@airlock/protocol'
import { updateConnectors } from '../connectors/relayed/list'
import { handleConnectorEvent } from '../connectors/relayed/events'
import { disconnect } from '../connectors/disconnect'
import { requestClose, showModal } from '../core/modal/modal'
import { addNetwork, removeNetwork, switchNetwork } from '../features/networks/actions'
import { setOptions, setTheme } from '../core/options/options'
import type { WidgetContext } from '../core/context'
import { publicStateAtom } from './publicState'
import { createDappRequest } from './rpc/dappRequest'

/** What the host SDK may call; params are schema-checked by exposeMethods before these run. */
export function createWidgetMethods(ctx: WidgetContext): WidgetMethods {
  return {
    open: (params) => showModal(ctx, params?.view, params?.namespace),
    close: () => requestClose(ctx),
    request: createDappRequest(ctx),
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
