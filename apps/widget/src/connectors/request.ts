import { walletConnectRequest } from '../actions/walletconnect'
import type { WidgetContext } from '../context'
import { connectorRequest } from './relayed'
import { WALLET_CONNECT_CONNECTOR_ID } from './walletconnect/client'

/**
 * A request for the connected wallet, whatever carries it: WalletConnect's session, or the host
 * relaying it to a wallet living in the dapp page.
 */
export function walletRequest(ctx: WidgetContext, connectorId: string, method: string, params?: unknown): Promise<unknown> {
  if (connectorId === WALLET_CONNECT_CONNECTOR_ID) return walletConnectRequest(ctx, method, params)
  return connectorRequest(ctx, connectorId, method, params)
}
