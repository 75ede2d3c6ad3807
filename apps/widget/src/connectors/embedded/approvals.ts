import { frameRpcAbortedError, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import type { RouteOf } from '../../core/router/routes'
import { approvalQueueAtom, type ApprovalRequest, type PendingApproval } from './approvalAtoms'
import { openAtom } from '../../core/modal/atoms'
import { currentRouteAtom, navigateAtom, routerAtom } from '../../core/router/atoms'
import { showModal } from '../../core/modal/modal'
import { connectionsAtom } from '../../core/session/atoms'
import { namespacesOf } from '../../core/session/session'
import { AUTH_CONNECTOR_ID } from './id'

export type { ApprovalRequest, PendingApproval }

/**
 * More requests than this waiting at once are refused at once: a dapp looping on
 * eth_sendTransaction must not queue up hundreds of confirmations.
 */
export const MAX_PENDING_APPROVALS = 20

/**
 * What an approval's turn does (authRequest: ask the secure frame, which shows the request and
 * waits for the user's click in its own origin). `signal` aborts when the widget withdraws the
 * request: the turn should then abort it in the frame too.
 */
export type ApprovalTurn<T> = (approval: PendingApproval, signal: AbortSignal) => Promise<T>

interface Entry {
  approval: PendingApproval
  turn: ApprovalTurn<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  /** Set once its turn has started. */
  controller?: AbortController
}

/** The pending approvals' entries, per widget (keyed by its store). */
interface ApprovalState {
  entries: Map<string, Entry>
  /** True while this module navigates, so that its own route changes are not read as the user's. */
  navigating: boolean
}

const states = new WeakMap<WidgetContext['store'], ApprovalState>()

/**
 * Runs an embedded-wallet request that needs the user's confirmation (SPEC section 6), one at a
 * time, in the order asked. Its turn opens the modal when it is closed and shows the
 * ApproveTransaction view (the secure frame's slot), then runs `turn`; the result is the turn's.
 * The widget never approves anything itself: the turn asks the frame, whose user says yes or no.
 *
 * Rejects without a turn, or aborts the running turn, on leaving the view (back, or the view
 * being replaced: the dapp opening another view), on the modal being closed, on a disconnect, and
 * at once when MAX_PENDING_APPROVALS are waiting: with 'Request was aborted' when the modal closed
 * or the wallet went, else 4001 'User rejected the request.'. Afterwards the modal shows the next
 * request, or the view it showed before.
 *
 * SPEC section 2: "with the embedded wallet connector, swap approval and swap steps push a
 * transaction-confirmation step": this is that step for every embedded-wallet transaction.
 */
export function requestApproval<T>(ctx: WidgetContext, request: ApprovalRequest, turn: ApprovalTurn<T>): Promise<T> {
  const state = stateOf(ctx)
  const queue = ctx.store.get(approvalQueueAtom)
  if (queue.length >= MAX_PENDING_APPROVALS) return Promise.reject(withdrawnError(ctx))
  const approval: PendingApproval = { id: crypto.randomUUID(), request, origin: ctx.config.parentOrigin, createdAt: Date.now() }
  const answer = new Promise<T>((resolve, reject) => {
    state.entries.set(approval.id, { approval, turn, resolve: resolve as (value: unknown) => void, reject })
  })
  ctx.store.set(approvalQueueAtom, [...queue, approval])
  if (queue.length === 0) present(ctx, approval)
  return answer
}

/** Withdraws every pending approval (closing the modal, a disconnect) and leaves the view. */
export function rejectAllApprovals(ctx: WidgetContext): void {
  const queue = ctx.store.get(approvalQueueAtom)
  if (queue.length === 0) return
  const error = withdrawnError(ctx)
  ctx.store.set(approvalQueueAtom, [])
  for (const approval of queue) end(ctx, approval.id, { error, withdrawn: true })
  if (isShowing(ctx, queue[0]!.id)) navigate(ctx, () => ctx.store.set(navigateAtom, { type: 'back' }))
}

/** The answer to a request the widget withdraws: aborted when the modal closed or the wallet went, else rejected. */
function withdrawnError(ctx: WidgetContext): ProviderRpcError {
  if (!ctx.store.get(openAtom) || namespacesOf(ctx, AUTH_CONNECTOR_ID).length === 0) return frameRpcAbortedError()
  return new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.')
}

/** Settles one approval: removes it, answers its caller (aborting a running turn when withdrawn), moves on. */
function settle(ctx: WidgetContext, id: string, outcome: { value?: unknown; error?: unknown; withdrawn?: boolean }): void {
  const queue = ctx.store.get(approvalQueueAtom)
  const index = queue.findIndex((a) => a.id === id)
  if (index < 0) return
  const rest = queue.filter((a) => a.id !== id)
  ctx.store.set(approvalQueueAtom, rest)
  end(ctx, id, outcome)
  if (index !== 0) return
  // The shown one: on to the next request, or back to where the user was.
  const next = rest[0]
  if (isShowing(ctx, id)) {
    navigate(ctx, () => ctx.store.set(navigateAtom, next ? { type: 'replace', route: routeOf(next) } : { type: 'back' }))
    if (next) startTurn(ctx, next)
  } else if (next) {
    present(ctx, next)
  }
}

function end(ctx: WidgetContext, id: string, outcome: { value?: unknown; error?: unknown; withdrawn?: boolean }): void {
  const state = stateOf(ctx)
  const entry = state.entries.get(id)
  if (!entry) return
  state.entries.delete(id)
  if (outcome.withdrawn) entry.controller?.abort()
  if ('error' in outcome) entry.reject(outcome.error)
  else entry.resolve(outcome.value)
}

function startTurn(ctx: WidgetContext, approval: PendingApproval): void {
  const entry = stateOf(ctx).entries.get(approval.id)
  if (!entry || entry.controller) return
  const controller = (entry.controller = new AbortController())
  entry.turn(approval, controller.signal).then(
    (value) => settle(ctx, approval.id, { value }),
    (error: unknown) => settle(ctx, approval.id, { error }),
  )
}

function routeOf(approval: PendingApproval): RouteOf<'ApproveTransaction'> {
  return { name: 'ApproveTransaction', params: { requestId: approval.id } }
}

function isShowing(ctx: WidgetContext, id: string): boolean {
  const route = ctx.store.get(currentRouteAtom)
  return route.name === 'ApproveTransaction' && route.params.requestId === id
}

/** Shows an approval (on top of the current view, or on Account in a modal opened for it) and starts its turn. */
function present(ctx: WidgetContext, approval: PendingApproval): void {
  navigate(ctx, () => {
    if (!ctx.store.get(openAtom)) showModal(ctx)
    ctx.store.set(navigateAtom, { type: 'push', route: routeOf(approval) })
  })
  startTurn(ctx, approval)
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

/** The widget's approval state, watching the modal, the router and the embedded wallet's connections from first use. */
function stateOf(ctx: WidgetContext): ApprovalState {
  let state = states.get(ctx.store)
  if (state) return state
  state = { entries: new Map(), navigating: false }
  states.set(ctx.store, state)
  const own = state
  ctx.store.sub(openAtom, () => {
    if (!ctx.store.get(openAtom)) rejectAllApprovals(ctx)
  })
  // The embedded wallet's last connection gone: nothing it was asked may still be signed.
  let connected = namespacesOf(ctx, AUTH_CONNECTOR_ID).length > 0
  ctx.store.sub(connectionsAtom, () => {
    const was = connected
    connected = namespacesOf(ctx, AUTH_CONNECTOR_ID).length > 0
    if (was && !connected) rejectAllApprovals(ctx)
  })
  ctx.store.sub(routerAtom, () => {
    if (own.navigating) return
    const shown = ctx.store.get(approvalQueueAtom)[0]
    // The user went back, or something reset the modal: the shown request is withdrawn.
    if (shown && !isShowing(ctx, shown.id)) settle(ctx, shown.id, { error: withdrawnError(ctx), withdrawn: true })
  })
  return state
}
