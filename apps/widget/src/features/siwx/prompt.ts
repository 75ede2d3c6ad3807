import type { WidgetContext } from '../../core/context'
import { closeModal } from '../../core/modal/modal'
import { modalHoldAtom, openAtom } from '../../core/modal/atoms'
import { currentRouteAtom } from '../../core/router/atoms'
import { siwxPromptAtom } from './atoms'

let attempts = 0

/** Starts a new attempt of the sign-in asked for `account`: an answer of an older one is dropped. */
export function beginAttempt(ctx: WidgetContext, account: string): void {
  ctx.store.set(siwxPromptAtom, { account, attempt: ++attempts, status: 'signing' })
}

/** The sign-in is no longer asked (done, cancelled, or its account gone): the modal is free to close, and does if it showed only that. */
export function endPrompt(ctx: WidgetContext): void {
  ctx.store.set(siwxPromptAtom, undefined)
  ctx.store.set(modalHoldAtom, undefined)
  if (ctx.store.get(openAtom) && ctx.store.get(currentRouteAtom).name === 'SIWXSignMessage') closeModal(ctx)
}
