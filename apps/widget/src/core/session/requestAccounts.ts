import type { WidgetContext } from '../context'
import { connectionAtom } from './atoms'
import { openAtom } from '../modal/atoms'
import { showModal } from '../modal/modal'

/**
 * The dapp's eth_requestAccounts: the accounts when connected, otherwise the modal opens on
 * Connect and the call waits for a connection (or rejects 4001 when the modal closes first).
 */
export async function requestAccounts(ctx: WidgetContext): Promise<string[]> {
  if (ctx.session.reconnecting) await ctx.session.reconnecting
  const { status, address } = ctx.store.get(connectionAtom)
  if (status === 'connected' && address) return [address]
  const accounts = ctx.session.accountWaiters.wait()
  if (!ctx.store.get(openAtom)) showModal(ctx, 'Connect')
  return accounts
}
