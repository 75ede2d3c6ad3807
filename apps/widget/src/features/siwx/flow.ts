import { createSiwxMessage, RpcErrorCode, siwxMessageData, toRpcErrorObject, type Namespace } from '@airlock/protocol'
import { loadChainAdapter } from '../../chains/registry'
import { disconnect } from '../../connectors/disconnect'
import type { WidgetContext } from '../../core/context'
import { track } from '../../core/events'
import { closeModal } from '../../core/modal/modal'
import { navigateAtom } from '../../core/router/atoms'
import type { NamespaceConnection } from '../../core/session/atoms'
import { siwxBackend } from './backend'
import { siwxAccountAtom, siwxPromptAtom, siwxSessionsAtom, siwxSettingsAtom, type SiwxPrompt } from './atoms'
import { keepSession, saveSessions } from './keep'
import { sameAccount, sessionAccount, sessionOf, withoutAccounts } from './sessions'
import { beginAttempt, endPrompt } from './prompt'
import { signInPresigned } from './presigned'

/** SPEC section 8: the toast and the view's text when the wallet refuses to sign. */
export const SIGNATURE_DECLINED = 'Signature declined'
/** SPEC section 8: what the dapp's sign-in calls throw without the `siwx` or `siwxConfig` option. */
export const SIWX_NOT_ENABLED = 'SIWX is not enabled'

/**
 * The sign-in itself (loaded with the first one): a nonce from the backend (the API's, or the
 * dapp's own: backend.ts), the message in the family's template for the dapp's origin, the wallet's
 * signature, the session from the backend (the API checks all of it again and signs the token a
 * dapp's backend trusts), kept for the next load.
 */
export async function signIn(ctx: WidgetContext): Promise<void> {
  const prompt = ctx.store.get(siwxPromptAtom)
  const settings = ctx.store.get(siwxSettingsAtom)
  if (!prompt || !settings) return
  const isCurrent = () => ctx.store.get(siwxPromptAtom)?.attempt === prompt.attempt
  const update = (change: Partial<SiwxPrompt>) => {
    if (isCurrent()) ctx.store.set(siwxPromptAtom, { ...prompt, ...change })
  }
  const [namespace, reference, address] = prompt.account.split(':') as [Namespace, string, string]
  try {
    // Signed as the wallet connected (WalletConnect one-click auth): no second prompt.
    if (await signInPresigned(ctx, prompt.account, isCurrent)) return
    const adapter = await loadChainAdapter(namespace)
    const backend = siwxBackend(ctx)
    const nonce = await backend.nonce(prompt.account)
    const caipNetworkId = `${namespace}:${reference}`
    // On its network: an address's text can name it (polkadot's SS58 prefix, bip122's prefixes).
    const parsed = adapter.parseAddress(address, caipNetworkId)
    const data = siwxMessageData({
      origin: ctx.config.parentOrigin,
      accountAddress: parsed.ok ? parsed.address : address,
      caipNetworkId,
      nonce,
      nowMs: Date.now(),
      settings,
    })
    const message = createSiwxMessage(data)
    const signature = await adapter.signMessage((method, params) => ctx.wallet(namespace, method, params), address, message)
    if (!isCurrent()) return
    update({ status: 'verifying' })
    keepSession(ctx, await backend.session({ message, signature, data }), isCurrent)
  } catch (error) {
    if (!isCurrent()) return
    const rpcError = toRpcErrorObject(error)
    const declined = rpcError.code === RpcErrorCode.UserRejected
    const message = declined ? SIGNATURE_DECLINED : rpcError.message
    update({ status: declined ? 'declined' : 'failed', error: message })
    if (declined) ctx.toasts.show(SIGNATURE_DECLINED, 'error')
    track(ctx, 'SIWX_AUTH_ERROR', { message })
  }
}

/** 'Try again' after a refusal or a failure: a new attempt for the same account. */
export function retrySignIn(ctx: WidgetContext): void {
  const prompt = ctx.store.get(siwxPromptAtom)
  if (!prompt) return
  beginAttempt(ctx, prompt.account)
  void signIn(ctx)
}

/**
 * Cancel, and every close while the sign-in is asked (SPEC section 2): with sign-in required the
 * account is disconnected and the modal starts over on Connect (it never closes on a connected
 * account without a session); otherwise the modal closes and the account stays connected.
 */
export async function cancelSignIn(ctx: WidgetContext): Promise<void> {
  if (!ctx.store.get(siwxPromptAtom)) return
  track(ctx, 'CLICK_CANCEL_SIWX')
  if (!ctx.store.get(siwxSettingsAtom)?.required) {
    endPrompt(ctx)
    closeModal(ctx)
    return
  }
  ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Connect' } })
  endPrompt(ctx)
  // A failure was shown already ('Failed to disconnect'); the modal stays on Connect.
  await disconnect(ctx).catch(() => {})
}

/**
 * The dapp's `signOut()`: the active account's session ends at the API and here; with sign-in
 * required, its connection ends too.
 */
export async function signOut(ctx: WidgetContext): Promise<void> {
  const settings = ctx.store.get(siwxSettingsAtom)
  if (!settings) throw new Error(SIWX_NOT_ENABLED)
  const account = ctx.store.get(siwxAccountAtom)
  if (account) await endSessions(ctx, [account])
  if (settings.required && account) await disconnect(ctx)
}

/** A chain disconnected: the sessions of its accounts end (every network of theirs). */
export async function signOutNamespaces(ctx: WidgetContext, ended: readonly NamespaceConnection[]): Promise<void> {
  const sessions = ctx.store.get(siwxSessionsAtom)
  const accounts = Object.values(sessions)
    .filter((session) =>
      ended.some(
        ({ namespace, addresses }) =>
          session.data.chainId.startsWith(`${namespace}:`) &&
          addresses.some((address) => sameAccount(`${session.data.chainId}:${address}`, sessionAccount(session))),
      ),
    )
    .map(sessionAccount)
  if (accounts.length > 0) await endSessions(ctx, accounts)
}

/** Forgets the accounts' sessions here at once, then ends them where they were made (a failed revoke leaves a token that expires). */
async function endSessions(ctx: WidgetContext, accounts: readonly string[]): Promise<void> {
  const sessions = ctx.store.get(siwxSessionsAtom)
  const ending = accounts.map((account) => sessionOf(sessions, account, Date.now())).filter((session) => session !== undefined)
  saveSessions(ctx, withoutAccounts(sessions, accounts))
  await Promise.all(
    ending.map((session) =>
      siwxBackend(ctx)
        .revoke(session)
        .catch((error: unknown) => {
          console.warn('[airlock] sign-in session not revoked:', error)
        }),
    ),
  )
}
