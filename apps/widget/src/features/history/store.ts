import { atom } from 'jotai'
import { track } from '../../core/events'
import type { HistoryTransaction } from '../../core/http/accountData'
import { ONRAMP_PROVIDER } from '../../core/http/onramp'
import type { WidgetContext } from '../../core/context'
import { pendingCount, withPurchases } from './rules'

/** SPEC section 8 toast of a failed history fetch (with the section 7 ERROR_FETCH_TRANSACTIONS event). */
export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions'

/** 'more-failed': a later page failed; what is shown stays, and the next page waits for a click. */
export type HistoryPhase = 'loading' | 'idle' | 'loading-more' | 'more-failed' | 'error'

/**
 * SPEC section 3 transaction history of one account on one network: the chain's transactions page
 * by page (`next` is the api's cursor), and the on-ramp purchases (coinbaseTransactions).
 */
export interface HistoryState {
  /** `${caipNetworkId}:${address}`: what the state is for; an answer for another key is dropped. */
  key: string
  address: string
  caipNetworkId: string
  transactions: HistoryTransaction[]
  purchases: HistoryTransaction[]
  next: string | null
  phase: HistoryPhase
}

export const historyAtom = atom<HistoryState | undefined>(undefined)

/** What the list shows: purchases among the chain's transactions, newest first. */
export const historyListAtom = atom<HistoryTransaction[]>((get) => {
  const state = get(historyAtom)
  return state ? withPurchases(state.transactions, state.purchases) : []
})

export const pendingCountAtom = atom<number>((get) => pendingCount(get(historyListAtom)))

const keyOf = (address: string, caipNetworkId: string) => `${caipNetworkId}:${address.toLowerCase()}`

function failed(ctx: WidgetContext, address: string, cursor: string | undefined, error: unknown): void {
  track(ctx, 'ERROR_FETCH_TRANSACTIONS', {
    address,
    projectId: ctx.project().projectId,
    cursor,
    message: error instanceof Error ? error.message.slice(0, 200) : 'unknown',
  })
  ctx.toasts.show(FAILED_TO_FETCH_TRANSACTIONS, 'error')
}

/** The first page (and the purchases) of the account's history on the network, from scratch. */
export async function loadHistory(ctx: WidgetContext, address: string, caipNetworkId: string): Promise<void> {
  const key = keyOf(address, caipNetworkId)
  ctx.store.set(historyAtom, { key, address, caipNetworkId, transactions: [], purchases: [], next: null, phase: 'loading' })
  try {
    const [page, purchases] = await Promise.all([
      ctx.accountData.history(address, caipNetworkId),
      ctx.accountData.history(address, caipNetworkId, undefined, ONRAMP_PROVIDER),
    ])
    if (ctx.store.get(historyAtom)?.key !== key) return
    ctx.store.set(historyAtom, {
      key,
      address,
      caipNetworkId,
      transactions: page.data,
      purchases: purchases.data,
      next: page.next,
      phase: 'idle',
    })
  } catch (error) {
    const state = ctx.store.get(historyAtom)
    if (state?.key !== key) return
    ctx.store.set(historyAtom, { ...state, phase: 'error' })
    failed(ctx, address, undefined, error)
  }
}

/** The next page, when there is one and nothing is loading; a failure keeps what is shown. */
export async function loadMoreHistory(ctx: WidgetContext): Promise<void> {
  const state = ctx.store.get(historyAtom)
  if (!state?.next || (state.phase !== 'idle' && state.phase !== 'more-failed')) return
  const { key, address, caipNetworkId, next: cursor } = state
  ctx.store.set(historyAtom, { ...state, phase: 'loading-more' })
  try {
    const page = await ctx.accountData.history(address, caipNetworkId, cursor)
    const current = ctx.store.get(historyAtom)
    if (current?.key !== key || current.next !== cursor) return
    ctx.store.set(historyAtom, { ...current, transactions: [...current.transactions, ...page.data], next: page.next, phase: 'idle' })
  } catch (error) {
    const current = ctx.store.get(historyAtom)
    if (current?.key !== key) return
    ctx.store.set(historyAtom, { ...current, phase: 'more-failed' })
    failed(ctx, address, cursor, error)
  }
}
