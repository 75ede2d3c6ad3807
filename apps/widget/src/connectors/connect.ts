import { ProviderRpcError, RpcErrorCode, toRpcErrorObject } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import { connectorRequest, parseAccounts, requestChainId } from './relayed/request'
import { connectAttemptAtom, connectionAtom, DISCONNECTED } from '../core/session/atoms'
import { connectorsAtom } from './relayed/atoms'
import { rememberRecentWallet } from '../core/session/recentWallets'
import { track } from '../core/events'
import { closeModal } from '../core/modal/modal'
import { endSession, establishSession } from '../core/session/session'

/**
 * Asks a relayed wallet for its accounts. Every attempt has an id: an answer arriving after a
 * retry, a cancel or a close belongs to an abandoned attempt and is dropped.
 */
export async function connectExternal(ctx: WidgetContext, connectorId: string): Promise<void> {
  if (ctx.store.get(connectionAtom).status === 'connected') endSession(ctx)
  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  const connector = ctx.store.get(connectorsAtom).find((c) => c.id === connectorId)
  const connectorName = connector?.name ?? connectorId
  ctx.store.set(connectAttemptAtom, { connectorId, phase: 'waiting' })
  ctx.store.set(connectionAtom, { status: 'connecting', connectorId, connectorName })
  try {
    const accounts = parseAccounts(await connectorRequest(ctx, connectorId, 'eth_requestAccounts'))
    if (!isCurrent()) return
    if (accounts.length === 0) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no accounts')
    const chainId = await requestChainId(ctx, connectorId)
    if (!isCurrent()) return
    establishSession(ctx, { connector: { id: connectorId, name: connectorName }, accounts, chainId })
    rememberRecentWallet(ctx, {
      id: connector?.rdns || connectorId,
      name: connectorName,
      imageUrl: connector?.icon,
      rdns: connector?.rdns,
      connectorId,
    })
    track(ctx, 'CONNECT_SUCCESS', { method: 'browser', name: connectorName })
    closeModal(ctx)
  } catch (error) {
    if (!isCurrent()) return
    const rpcError = toRpcErrorObject(error)
    ctx.store.set(connectionAtom, DISCONNECTED)
    ctx.store.set(connectAttemptAtom, { connectorId, phase: 'error', error: rpcError })
    track(ctx, 'CONNECT_ERROR', { message: rpcError.message })
  }
}
