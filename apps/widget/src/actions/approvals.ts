import type { WidgetContext } from '../context'
import type { RouteOf } from '../router/routes'
import { approvalQueueAtom, type ApprovalRequest, type PendingApproval } from '../stores/approvals'
import { connectionAtom } from '../stores/connection'
import { openAtom } from '../stores/modal'
import { currentRouteAtom, navigateAtom, routerAtom } from '../stores/router'
import { showModal } from './modal'

export type { ApprovalRequest, PendingApproval }

/**
 * More requests than this waiting at once are refused at once (false): a dapp looping on
 * eth_sendTransaction must not queue up hundreds of confirmations.
 */
export const MAX_PENDING_APPROVALS = 20

/** The promise callbacks of the pending approvals, per widget (keyed by its store). */
interface ApprovalState {
  resolvers: Map<string, (approved: boolean) => void>
  /** True while this module navigates, so that its own route changes are not read as the user's. */
  navigating: boolean
}

const states = new WeakMap<WidgetContext['store'], ApprovalState>()

/**
 * Asks the user to confirm an embedded-wallet request (SPEC section 6 "need confirmation"; the
 * AUTH connector calls this before it lets the secure frame sign). Opens the modal when it is
 * closed and shows the ApproveTransaction view; one request at a time, in the order asked.
 *
 * Resolves true on Approve and false on Reject, on leaving the view (back, or the view being
 * replaced: disconnect, the dapp opening another view), on the modal being closed (which rejects
 * the waiting ones too), on a disconnect, or at once when MAX_PENDING_APPROVALS are waiting. It
 * never rejects. Afterwards the modal shows the next request, or the view it showed before.
 *
 * SPEC section 2: "with the embedded wallet connector, swap approval and swap steps push a
 * transaction-confirmation step": this is that step for every embedded-wallet transaction.
 */
export function requestApproval(ctx: WidgetContext, request: ApprovalRequest): Promise<boolean> {
  const state = stateOf(ctx)
  const queue = ctx.store.get(approvalQueueAtom)
  if (queue.length >= MAX_PENDING_APPROVALS) return Promise.resolve(false)
  const approval: PendingApproval = { id: crypto.randomUUID(), request, origin: ctx.config.parentOrigin, createdAt: Date.now() }
  const answer = new Promise<boolean>((resolve) => state.resolvers.set(approval.id, resolve))
  ctx.store.set(approvalQueueAtom, [...queue, approval])
  if (queue.length === 0) present(ctx, approval)
  return answer
}

/**
 * Answers one approval (the view's Approve / Reject; a connector withdrawing a request it no
 * longer needs answers false). Unknown or already answered ids are ignored.
 */
export function settleApproval(ctx: WidgetContext, id: string, approved: boolean): void {
  const state = stateOf(ctx)
  const queue = ctx.store.get(approvalQueueAtom)
  const index = queue.findIndex((a) => a.id === id)
  if (index < 0) return
  const rest = queue.filter((a) => a.id !== id)
  ctx.store.set(approvalQueueAtom, rest)
  const resolve = state.resolvers.get(id)
  state.resolvers.delete(id)
  resolve?.(approved)
  if (index !== 0) return
  // The shown one: on to the next request, or back to where the user was.
  const next = rest[0]
  if (isShowing(ctx, id)) {
    navigate(ctx, () => ctx.store.set(navigateAtom, next ? { type: 'replace', route: routeOf(next) } : { type: 'back' }))
  } else if (next) {
    present(ctx, next)
  }
}

/** Answers every pending approval false (closing the modal, a disconnect) and leaves the view. */
export function rejectAllApprovals(ctx: WidgetContext): void {
  const state = stateOf(ctx)
  const queue = ctx.store.get(approvalQueueAtom)
  if (queue.length === 0) return
  ctx.store.set(approvalQueueAtom, [])
  for (const approval of queue) {
    const resolve = state.resolvers.get(approval.id)
    state.resolvers.delete(approval.id)
    resolve?.(false)
  }
  if (isShowing(ctx, queue[0]!.id)) navigate(ctx, () => ctx.store.set(navigateAtom, { type: 'back' }))
}

function routeOf(approval: PendingApproval): RouteOf<'ApproveTransaction'> {
  return { name: 'ApproveTransaction', params: { requestId: approval.id } }
}

function isShowing(ctx: WidgetContext, id: string): boolean {
  const route = ctx.store.get(currentRouteAtom)
  return route.name === 'ApproveTransaction' && route.params.requestId === id
}

/** Shows an approval: on top of the current view, or on Account in a modal opened for it. */
function present(ctx: WidgetContext, approval: PendingApproval): void {
  navigate(ctx, () => {
    if (!ctx.store.get(openAtom)) showModal(ctx)
    ctx.store.set(navigateAtom, { type: 'push', route: routeOf(approval) })
  })
}

function navigate(ctx: WidgetContext, run: () => void): void {
  const state = stateOf(ctx)
  state.navigating = true
  try {
    run()
  } finally {
    state.navigating = false
  }
}

/** The widget's approval state, watching the modal, the router and the connection from first use. */
function stateOf(ctx: WidgetContext): ApprovalState {
  let state = states.get(ctx.store)
  if (state) return state
  state = { resolvers: new Map(), navigating: false }
  states.set(ctx.store, state)
  const own = state
  ctx.store.sub(openAtom, () => {
    if (!ctx.store.get(openAtom)) rejectAllApprovals(ctx)
  })
  let status = ctx.store.get(connectionAtom).status
  ctx.store.sub(connectionAtom, () => {
    const previous = status
    status = ctx.store.get(connectionAtom).status
    if (status === 'disconnected' && previous !== 'disconnected') rejectAllApprovals(ctx)
  })
  ctx.store.sub(routerAtom, () => {
    if (own.navigating) return
    const shown = ctx.store.get(approvalQueueAtom)[0]
    // The user went back, or something reset the modal: the shown request is answered no.
    if (shown && !isShowing(ctx, shown.id)) settleApproval(ctx, shown.id, false)
  })
  return state
}
