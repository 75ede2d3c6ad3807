import type { Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { openAtom } from '../modal/atoms'
import { showModal } from '../modal/modal'
import { connectionsAtom } from './atoms'

/**
 * The dapp's account request for a namespace (eth_requestAccounts, solana_requestAccounts): the
 * accounts when that namespace is connected, otherwise the modal opens on Connect and the call waits
 * for a connection of it (or rejects 4001 when the modal closes first).
 */
export async function requestAccounts(ctx: WidgetContext, namespace: Namespace): Promise<string[]> {
  if (ctx.session.reconnecting) await ctx.session.reconnecting
  const connection = ctx.store.get(connectionsAtom)[namespace]
  if (connection) return [connection.addresses[0]!]
  const accounts = ctx.session.accountWaiters.wait(namespace)
  if (!ctx.store.get(openAtom)) showModal(ctx, 'Connect')
  return accounts
}
