import type { SiwxSessionResponse } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { presignedSignInAtom } from '../../core/session/atoms'
import { siwxPromptAtom } from './atoms'
import { apiSession } from './backend'
import { keepSession } from './keep'
import { sameAccount } from './sessions'

/**
 * The sign-in of `account` with the message the wallet signed as it connected (WalletConnect
 * one-click auth, core/session/atoms.ts presignedSignInAtom), used once: no nonce, no second
 * prompt. False when there is none for this account, or when the API refuses it (an expired
 * nonce, say): the sign-in then asks the wallet as usual.
 */
export async function signInPresigned(ctx: WidgetContext, account: string, isCurrent: () => boolean): Promise<boolean> {
  const presigned = ctx.store.get(presignedSignInAtom)
  if (!presigned) return false
  ctx.store.set(presignedSignInAtom, undefined)
  if (!sameAccount(presigned.account, account)) return false
  const prompt = ctx.store.get(siwxPromptAtom)
  if (prompt && isCurrent()) ctx.store.set(siwxPromptAtom, { ...prompt, status: 'verifying' })
  let session: SiwxSessionResponse
  try {
    session = await apiSession(ctx, presigned)
  } catch (error) {
    console.warn('[airlock] the sign-in signed with the connection was refused; asking the wallet:', error)
    if (prompt && isCurrent()) ctx.store.set(siwxPromptAtom, { ...prompt, status: 'signing' })
    return false
  }
  keepSession(ctx, session, isCurrent)
  return true
}
