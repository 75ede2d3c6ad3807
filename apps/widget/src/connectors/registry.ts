import type { WidgetContext } from '../core/context'
import { embeddedConnector } from './embedded/connector'
import { MULTI_CHAIN_PREFIX } from './multichain'
import { relayedConnector } from './relayed/connector'
import { multiChainConnector } from './relayed/multichainConnector'
import type { Connector } from './types'
import { walletConnectConnector } from './walletconnect/connector'

const builtIn: ReadonlyMap<string, Connector> = new Map([walletConnectConnector, embeddedConnector].map((c) => [c.id, c]))

/** The connector behind an id: WalletConnect, the embedded wallet, a wallet of several families, or a wallet the host page listed. */
export function connectorFor(_ctx: WidgetContext, connectorId: string): Connector {
  return (
    builtIn.get(connectorId) ??
    (connectorId.startsWith(MULTI_CHAIN_PREFIX) ? multiChainConnector(connectorId) : relayedConnector(connectorId))
  )
}
