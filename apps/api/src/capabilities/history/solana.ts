import { isSolanaSignature, type SolanaRpc } from '../../chains/solana/rpc'
import { ParsedTransaction, SignaturesResult, type SignatureEntry } from '../../chains/solana/schemas'
import { tokenHoldings } from '../../chains/solana/tokens'
import type { ApiDeps } from '../deps'
import type { HistoryFamily } from './family'
import type { HistoryResponse } from './format'
import { toSolanaHistoryTransaction } from './solana-transfers'

/** Token accounts whose signatures are read besides the wallet's own (a wallet with more is rare; the rest are left out). */
export const MAX_TOKEN_ACCOUNTS = 50

/**
 * Merges newest-first signature lists into one, without duplicates: by slot, newest first, and
 * within a slot in the order the node listed them.
 */
export function mergeSignatures(lists: readonly SignatureEntry[][]): SignatureEntry[] {
  const seen = new Set<string>()
  const merged: { entry: SignatureEntry; order: number }[] = []
  for (const list of lists) {
    for (const entry of list) {
      if (seen.has(entry.signature)) continue
      seen.add(entry.signature)
      merged.push({ entry, order: merged.length })
    }
  }
  return merged.sort((a, b) => b.entry.slot - a.entry.slot || a.order - b.order).map(({ entry }) => entry)
}

/**
 * One page of a Solana account's history, straight from the cluster's node (it keeps the index):
 * the signatures of the wallet and of its token accounts (an SPL transfer names only the token
 * accounts, so a received token shows in theirs), merged newest first, each transaction read
 * jsonParsed. `before` (the cursor) is the last signature of the previous page; `next` is this
 * page's last, or null when nothing older is left.
 */
export async function solanaHistoryPage(
  rpc: SolanaRpc,
  query: { caip2: string; owner: string; before: string | undefined; limit: number; apiOrigin: string },
): Promise<HistoryResponse> {
  const { owner, limit } = query
  const tokenAccounts = [...(await tokenHoldings(rpc, owner)).values()].flatMap((held) => held.accounts).slice(0, MAX_TOKEN_ACCOUNTS)
  const config = { limit: limit + 1, commitment: 'confirmed', ...(query.before ? { before: query.before } : {}) }
  const lists = await rpc.batch(
    [owner, ...tokenAccounts].map((address) => ({ method: 'getSignaturesForAddress', params: [address, config] })),
    SignaturesResult,
  )
  const merged = mergeSignatures(lists)
  const page = merged.slice(0, limit)
  const transactions = await rpc.batch(
    page.map((entry) => ({
      method: 'getTransaction',
      params: [entry.signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
    })),
    ParsedTransaction.nullable(),
  )
  const data = transactions.flatMap((tx, i) =>
    tx ? [toSolanaHistoryTransaction(tx, { owner, caip2: query.caip2, apiOrigin: query.apiOrigin, blockTime: page[i]!.blockTime })] : [],
  )
  return { data, next: merged.length > limit ? page.at(-1)!.signature : null }
}

/** The Solana side of the history route: signature cursors, one cluster per page (a signature means nothing on another). */
export function solanaHistoryFamily(deps: ApiDeps): HistoryFamily<string> {
  return {
    parseCursor: (text) => (isSolanaSignature(text) ? text : undefined),
    supports: (chain) => deps.chains.family('solana').client(chain) !== undefined,
    page: async ({ account, chain, cursor, limit }) => {
      const clusters = chain ? [chain] : deps.chains.family('solana').supported()
      if (clusters.length > 1)
        return { status: 400, field: 'chainId', error: `chainId is required for a Solana account: this API serves ${clusters.join(', ')}` }
      const caip2 = clusters[0]
      const rpc = caip2 ? deps.chains.family('solana').client(caip2) : undefined
      if (!caip2 || !rpc) return { data: [], next: null }
      try {
        return await solanaHistoryPage(rpc, { caip2, owner: account, before: cursor, limit, apiOrigin: deps.apiOrigin })
      } catch (error) {
        console.error(`[api] history ${account} on ${caip2}:`, error)
        return { status: 502, error: 'History Unavailable: the chain did not answer' }
      }
    },
  }
}
