import { walletConnectRequest } from './walletconnect/connector'
import type { WidgetContext } from '../core/context'
import { AUTH_CONNECTOR_ID } from './embedded/id'
import { connectorRequest } from './relayed/request'
import { WALLET_CONNECT_CONNECTOR_ID } from './walletconnect/client'

/**
 * A request for the connected wallet, whatever carries it: WalletConnect's session, the secure
 * frame of the embedded wallet, or the host relaying it to a wallet living in the dapp page.
 */
export function walletRequest(ctx: WidgetContext, connectorId: string, method: string, params?: unknown): Promise<unknown> {
  if (connectorId === WALLET_CONNECT_CONNECTOR_ID) return walletConnectRequest(ctx, method, params)
  // The embedded wallet: its code loads with the first request (it is loaded already once connected).
  if (connectorId === AUTH_CONNECTOR_ID) return import('./embedded/request').then((auth) => auth.authRequest(ctx, method, params))
  return connectorRequest(ctx, connectorId, method, params)
}
