import type { ProviderEvent } from '@airlock/protocol'
import { loadChainAdapter } from '../../chains/registry'
import type { WidgetContext } from '../../core/context'
import { connectionsAtom } from '../../core/session/atoms'
import { endSession, updateConnection } from '../../core/session/session'

export interface ConnectorEvent {
  connectorId: string
  event: ProviderEvent['event']
  data: unknown
}

/** Events of a connected wallet of the page, relayed by the host; other wallets' events are ignored. */
export async function handleConnectorEvent(ctx: WidgetContext, { connectorId, event, data }: ConnectorEvent): Promise<void> {
  for (const connection of Object.values(ctx.store.get(connectionsAtom))) {
    if (connection.connectorId !== connectorId) continue
    const adapter = await loadChainAdapter(connection.namespace)
    const change = adapter.pageWallet.readEvent(event, data, connection)
    if (!change) continue
    if (change.disconnected) endSession(ctx, [connection.namespace])
    else updateConnection(ctx, connection.namespace, change)
  }
}
