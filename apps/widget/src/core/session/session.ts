import { toHexChainId } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode, type ConnectorDescription } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { clearRecentConnectorId, setRecentConnectorId } from './recentConnector'
import { connectAttemptAtom, connectionAtom, DISCONNECTED, type HexAddress } from './atoms'
import { emitProviderEvent } from '../events'

export interface SessionStart {
  connector: Pick<ConnectorDescription, 'id' | 'name'>
  accounts: HexAddress[]
  chainId: number
}

/** Marks the wallet connected, remembers it and tells the dapp's provider. */
export function establishSession(ctx: WidgetContext, { connector, accounts, chainId }: SessionStart): void {
  const address = accounts[0]!
  ctx.store.set(connectAttemptAtom, undefined)
  ctx.store.set(connectionAtom, { status: 'connected', address, chainId, connectorId: connector.id, connectorName: connector.name })
  setRecentConnectorId(ctx, connector.id)
  emitProviderEvent(ctx, 'connect', { chainId: toHexChainId(chainId) })
  emitProviderEvent(ctx, 'accountsChanged', [address])
  ctx.session.accountWaiters.resolveAll([address])
}

/** Back to disconnected; the dapp hears about it only if it had been told it was connected. */
export function endSession(ctx: WidgetContext): void {
  const wasConnected = ctx.store.get(connectionAtom).status === 'connected'
  ctx.session.attempt++
  ctx.store.set(connectAttemptAtom, undefined)
  ctx.store.set(connectionAtom, DISCONNECTED)
  clearRecentConnectorId(ctx)
  if (wasConnected) {
    emitProviderEvent(ctx, 'disconnect', new ProviderRpcError(RpcErrorCode.Disconnected).toJSON())
    emitProviderEvent(ctx, 'accountsChanged', [])
  }
}

export function setConnectedAccounts(ctx: WidgetContext, accounts: HexAddress[]): void {
  const connection = ctx.store.get(connectionAtom)
  const address = accounts[0]!
  if (connection.address === address) return
  ctx.store.set(connectionAtom, { ...connection, address })
  emitProviderEvent(ctx, 'accountsChanged', accounts)
}

export function setConnectedChain(ctx: WidgetContext, chainId: number): void {
  const connection = ctx.store.get(connectionAtom)
  if (connection.status !== 'connected' || connection.chainId === chainId) return
  ctx.store.set(connectionAtom, { ...connection, chainId })
  emitProviderEvent(ctx, 'chainChanged', toHexChainId(chainId))
}

/**
 * Abandons a pending connection attempt (back, close): the wallet's late answer is ignored,
 * unless the attempt's connector keeps it alive (ctx.session.keepsAttemptOnLeave).
 */
export function cancelConnect(ctx: WidgetContext): void {
  ctx.store.set(connectAttemptAtom, undefined)
  if (ctx.store.get(connectionAtom).status !== 'connecting') return
  const keepsAttempt = ctx.session.keepsAttemptOnLeave?.() === true
  ctx.session.keepsAttemptOnLeave = undefined
  if (!keepsAttempt) ctx.session.attempt++
  ctx.store.set(connectionAtom, DISCONNECTED)
}
