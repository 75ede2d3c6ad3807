import { ProviderRpcError, RpcErrorCode, type Namespace } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { sessionAtom, type NamespaceConnection } from './atoms'

/**
 * The connection a dapp's wallet request on `namespace` goes to. Without one, while a reconnect or
 * a connect is in progress, the request waits for its outcome, as a browser wallet queues requests
 * behind its connect prompt: then it goes to the new connection, or fails 4001 when the user
 * declined or left the attempt, 4100 when it ended with nothing on this namespace. Without one
 * and nothing in progress: 4100 at once.
 */
export async function awaitConnection(ctx: WidgetContext, namespace: Namespace): Promise<NamespaceConnection> {
  for (;;) {
    if (ctx.session.reconnecting) await ctx.session.reconnecting
    const { connections, pending } = ctx.store.get(sessionAtom)
    const connection = connections[namespace]
    if (connection) return connection
    if (!pending) throw new ProviderRpcError(RpcErrorCode.Unauthorized)
    const end = await ctx.session.pendingEnds.next()
    const now = ctx.store.get(sessionAtom)
    // A retry or the next connector of a reconnect may already be on its way: wait for that one too.
    if (end.rejected && !now.connections[namespace] && !now.pending)
      throw new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.')
  }
}
