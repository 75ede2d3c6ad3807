import type { SiwxDappSession } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { track } from '../../core/events'
import { savePersisted } from '../../core/storage/persisted'
import { siwxSessionsAtom } from './atoms'
import { endPrompt } from './prompt'
import { sessionAccount, SIWX_SESSIONS_KEY, writeSessions, type SiwxSessions } from './sessions'

/** The sessions from now on, here and for the next load. */
export function saveSessions(ctx: WidgetContext, sessions: SiwxSessions): void {
  ctx.store.set(siwxSessionsAtom, sessions)
  savePersisted(ctx, SIWX_SESSIONS_KEY, writeSessions(sessions))
}

/**
 * A sign-in succeeded: its session is kept (good for its account even when the user has moved on
 * meanwhile); when its attempt is still the one asked, SIWX_AUTH_SUCCESS and the prompt ends.
 */
export function keepSession(ctx: WidgetContext, session: SiwxDappSession, isCurrent: () => boolean): void {
  saveSessions(ctx, { ...ctx.store.get(siwxSessionsAtom), [sessionAccount(session)]: session })
  if (!isCurrent()) return
  track(ctx, 'SIWX_AUTH_SUCCESS', { network: session.data.chainId })
  endPrompt(ctx)
}
