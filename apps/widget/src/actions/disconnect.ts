import type { WidgetContext } from '../context'
import { connectorRequest } from '../connectors/relayed'
import { connectionAtom } from '../stores/connection'
import { currentRouteAtom, navigateAtom } from '../stores/router'
import { cancelConnect } from './connect'
import { track } from './events'
import { endSession } from './session'

export async function disconnect(ctx: WidgetContext): Promise<void> {
  const { status, connectorId } = ctx.store.get(connectionAtom)
  if (status === 'connecting') return cancelConnect(ctx)
  if (status === 'disconnected') return
  try {
    if (connectorId) {
      // Best-effort and not awaited: many wallets answer 4200, and a hung wallet must not keep
      // the dapp connected. Its accountsChanged([]) echo arrives after the session is gone.
      connectorRequest(ctx, connectorId, 'wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => {})
    }
    endSession(ctx)
    if (ctx.store.get(currentRouteAtom).name === 'Account') ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Connect' } })
    track(ctx, 'DISCONNECT_SUCCESS')
  } catch (error) {
    track(ctx, 'DISCONNECT_ERROR', { message: error instanceof Error ? error.message : String(error) })
    ctx.toasts.show('Failed to disconnect', 'error')
    throw new Error('Failed to disconnect')
  }
}
