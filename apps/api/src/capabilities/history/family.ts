import type { HistoryResponse } from './format'

/** A page, or why there is none (a 400 names the field at fault). */
export type PageResult = HistoryResponse | { status: 400 | 502; error: string; field?: string }

/**
 * One chain family's side of the history route (history/evm.ts, history/solana.ts): its page
 * cursors, the chains it serves and how it reads a page.
 */
export interface HistoryFamily<C> {
  /** The cursor of this family's pages, or undefined when `text` is not one. */
  parseCursor(text: string): C | undefined
  supports(chain: string): boolean
  /** `chain` undefined: every chain of the family the API serves. */
  page(query: { account: string; chain: string | undefined; cursor: C | undefined; limit: number }): Promise<PageResult>
}
