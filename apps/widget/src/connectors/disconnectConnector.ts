import type { Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import type { Connection } from '../core/session/atoms'
import { disconnectWalletConnect } from './walletconnect/connector'
import { AUTH_CONNECTOR_ID } from './embedded/id'
import { connectorRequest } from './relayed/request'
import { WALLET_CONNECT_CONNECTOR_ID } from './walletconnect/client'

/**
 * How a connection's connector ends its session on one chain namespace; called by
 * actions/disconnect.ts for every connected chain. A rejection is that chain's failure ('Failed
 * to disconnect chain {chain}: {message}'); the widget's own state is cleared either way.
 * Connectors with a session to end (WalletConnect: the session delete) dispatch here.
 */
export async function disconnectConnector(ctx: WidgetContext, connection: Connection, _namespace: Namespace): Promise<void> {
  if (!connection.connectorId) return
  // WalletConnect: the session is deleted on the relay, so the phone forgets it too.
  if (connection.connectorId === WALLET_CONNECT_CONNECTOR_ID) return disconnectWalletConnect(ctx)
  // The embedded wallet: the secure frame signs this device out (the wallet itself stays the user's).
  if (connection.connectorId === AUTH_CONNECTOR_ID) return import('./embedded/auth').then((auth) => auth.disconnectAuth(ctx))
  // A wallet in the dapp page: best-effort and not awaited. Many wallets answer 4200, and a hung
  // wallet must not keep the dapp connected. Its accountsChanged([]) echo arrives after the session is gone.
  connectorRequest(ctx, connection.connectorId, 'wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => {})
}
