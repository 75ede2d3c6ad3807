import type { WidgetContext } from '../core/context'
import { embeddedConnector } from './embedded/connector'
import { relayedConnector } from './relayed/connector'
import type { Connector } from './types'
import { walletConnectConnector } from './walletconnect/connector'

const builtIn: ReadonlyMap<string, Connector> = new Map([walletConnectConnector, embeddedConnector].map((c) => [c.id, c]))

/** The connector behind an id: WalletConnect, the embedded wallet, or a wallet the host page listed. */
export function connectorFor(_ctx: WidgetContext, connectorId: string): Connector {
  return builtIn.get(connectorId) ?? relayedConnector(connectorId)
}
