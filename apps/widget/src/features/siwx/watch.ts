import type { WidgetContext } from '../../core/context'
import { showModal } from '../../core/modal/modal'
import { modalHoldAtom } from '../../core/modal/atoms'
import { sessionAtom, type SessionState } from '../../core/session/atoms'
import { loadPersisted } from '../../core/storage/persisted'
import { activeSiwxSessionAtom, siwxAccountAtom, siwxPromptAtom, siwxSessionsAtom, siwxSettingsAtom } from './atoms'
import { connectedSilentlyAtom, publicSiwxSessionAtom } from './publicAtoms'
import { beginAttempt, endPrompt } from './prompt'
import { liveSessions, readSessions, sessionOf, SIWX_SESSIONS_KEY } from './sessions'

/** The sign-in flow's code (flow.ts), fetched the first time a sign-in is asked. */
const loadFlow = () => import('./flow')

/**
 * Sign in with the wallet (SPEC sections 2 and 4, issue 24): whenever the account a sign-in is for
 * changes (a connection, an account or network switch) and it has no session, the SIWXSignMessage
 * view opens and the wallet is asked at once. A silent reconnect asks only when sign-in is
 * required (a reload must not prompt for a sign-in the user skipped). A chain that disconnects
 * ends its sessions unless the dapp said otherwise (`signOutOnDisconnect: false`).
 *
 * Started by start.ts once the options turn sign-in on. Synchronous on purpose: the hold
 * (core/modal) is in place before the connect that caused it closes the modal, so the modal never
 * blinks shut between the connection and the sign-in. `ready` settles once the kept sessions are
 * read and the current account decided (start.ts holds the modal until then).
 */
export function watchSignIn(ctx: WidgetContext): { stop: () => void; ready: Promise<void> } {
  let loaded = false
  let decided: string | undefined
  let before = ctx.store.get(sessionAtom)

  const check = () => {
    const session = ctx.store.get(sessionAtom)
    const ended = endedNamespaces(before, session)
    before = session
    const settings = ctx.store.get(siwxSettingsAtom)
    if (settings && ended.length > 0 && settings.signOutOnDisconnect !== false) {
      void loadFlow().then((flow) => flow.signOutNamespaces(ctx, ended))
    }
    if (!loaded) return
    const account = ctx.store.get(siwxAccountAtom)
    if (account === decided) return
    decided = account
    const prompt = ctx.store.get(siwxPromptAtom)
    if (prompt && prompt.account !== account) endPrompt(ctx)
    if (!settings || !account || sessionOf(ctx.store.get(siwxSessionsAtom), account, Date.now())) return
    if (ctx.store.get(connectedSilentlyAtom) && !settings.required) return
    askSignIn(ctx, account)
  }

  // A session that ends is dropped when it does, so that the dapp's getSession() stops showing it.
  let expiry: ReturnType<typeof setTimeout> | undefined
  const scheduleExpiry = () => {
    clearTimeout(expiry)
    const ends = Object.values(ctx.store.get(siwxSessionsAtom)).map((s) => Date.parse(s.expiresAt))
    if (ends.length === 0) return
    const wait = Math.min(Math.max(0, Math.min(...ends) - Date.now()), MAX_TIMER_MS)
    expiry = setTimeout(() => {
      ctx.store.set(siwxSessionsAtom, (sessions) => liveSessions(sessions, Date.now()))
      scheduleExpiry()
    }, wait + 1)
  }

  const publish = () => ctx.store.set(publicSiwxSessionAtom, ctx.store.get(activeSiwxSessionAtom))
  const unsubscribes = [
    ctx.store.sub(activeSiwxSessionAtom, publish),
    ctx.store.sub(sessionAtom, check),
    ctx.store.sub(siwxAccountAtom, check),
    ctx.store.sub(siwxSettingsAtom, check),
    ctx.store.sub(siwxSessionsAtom, scheduleExpiry),
  ]
  const ready = loadPersisted(ctx, SIWX_SESSIONS_KEY).then((stored) => {
    ctx.store.set(siwxSessionsAtom, (current) => ({ ...readSessions(stored, Date.now()), ...current }))
    loaded = true
    publish()
    check()
  })
  const stop = () => {
    unsubscribes.forEach((unsubscribe) => unsubscribe())
    clearTimeout(expiry)
  }
  return { stop, ready }
}

/** setTimeout's longest wait (about 24.8 days); a later end is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1

/** Opens SIWXSignMessage for `account` and asks the wallet; the modal holds until the sign-in ends. */
function askSignIn(ctx: WidgetContext, account: string): void {
  ctx.store.set(modalHoldAtom, { hold: { onCloseRequest: () => loadFlow().then((flow) => flow.cancelSignIn(ctx)) } })
  beginAttempt(ctx, account)
  showModal(ctx, 'SIWXSignMessage')
  void loadFlow().then((flow) => flow.signIn(ctx))
}

function endedNamespaces(before: SessionState, after: SessionState) {
  return Object.values(before.connections).filter((connection) => !after.connections[connection.namespace])
}
