import { ProviderRpcError, RpcErrorCode, toRpcErrorObject } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import { track } from '../core/events'
import { closeModal } from '../core/modal/modal'
import { presignedSignInAtom } from '../core/session/atoms'
import { rememberRecentWallet } from '../core/session/recentWallets'
import { beginPending, endPending, establishSession } from '../core/session/session'
import { connectorFor } from './registry'
import type { ConnectOptions } from './types'

/**
 * Connects through `connectorId`, whichever kind it is. Every attempt has an id: an answer
 * arriving after a retry, a cancel or a close belongs to an abandoned attempt and is dropped. The
 * namespaces it connects replace their earlier connections; the others stay.
 */
export async function connect(ctx: WidgetContext, connectorId: string, options: Omit<ConnectOptions, 'isCurrent'> = {}): Promise<void> {
  const connector = connectorFor(ctx, connectorId)
  if (connector.resume?.(ctx, options)) return
  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  beginPending(
    ctx,
    { status: 'connecting', connectorId, connectorName: options.wallet?.name ?? connector.name(ctx) },
    { connectorId, phase: 'waiting' },
  )
  try {
    const result = await connector.connect(ctx, { ...options, isCurrent })
    if (!isCurrent()) return
    if (result.accounts.length === 0) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no accounts')
    // Before the session: the sign-in its connection starts finds it.
    ctx.store.set(presignedSignInAtom, result.signIn)
    establishSession(ctx, { connector: { id: connectorId, name: result.name }, accounts: result.accounts })
    rememberRecentWallet(ctx, result.recent)
    track(ctx, 'CONNECT_SUCCESS', { method: result.method, name: result.name })
    closeModal(ctx)
  } catch (error) {
    if (!isCurrent()) return
    const rpcError = toRpcErrorObject(error)
    endPending(ctx, { attempt: { connectorId, phase: 'error', error: rpcError } })
    track(ctx, 'CONNECT_ERROR', { message: rpcError.message })
  }
}
