import * as z from 'zod'
import { BadgeType, Caip2, type WcWallet, compareWallets } from './registry'

/** SPEC section 9: the wallet list page size is 40 and search shows up to 100, so entries is 1..100. */
export const MAX_ENTRIES = 100
export const DEFAULT_ENTRIES = 40
export const MAX_PAGE = 10_000
/** Longest list in include, exclude or chains (the modal sends featured + recommended + excluded ids). */
export const MAX_LIST_ITEMS = 1000
export const MAX_SEARCH_LENGTH = 100

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const integer = (min: number, max: number, fallback: number) => {
  const message = `must be an integer from ${min} to ${max}`
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.int().min(min, message).max(max, message))
      .default(fallback),
  )
}

/** A comma-separated list; blank items are dropped, and an empty list is no filter at all. */
const list = (item: z.ZodString) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(200_000)
      .transform((raw) => [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(item).max(MAX_LIST_ITEMS, `at most ${MAX_LIST_ITEMS} items`))
      .optional(),
  )

/**
 * An id in include/exclude. Registry ids are 64 hex characters; a well-formed id that no wallet has
 * is ignored (as with Reown's API), anything else is a 400.
 */
export const ListedWalletId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'a wallet id is 1-128 characters of A-Z a-z 0-9 _ -')

/**
 * A page wallet as it names itself in one family: `namespace:injected_id`, such as
 * `polkadot:subwallet-js` (its `window.injectedWeb3` key) or `eip155:isMetaMask`.
 */
export const InjectedRef = z
  .string()
  .regex(/^[-a-z0-9]{3,8}:[A-Za-z0-9._-]{1,100}$/, 'an injected wallet is namespace:injected_id, such as polkadot:subwallet-js')

/** `GET /getWallets` query. Unknown parameters are ignored; a blank parameter counts as absent. */
export const GetWalletsQuery = z.object({
  projectId: z.string().max(100).optional().describe('Your project id (checked by the project guard)'),
  st: z.string().max(100).optional().describe('SDK type'),
  sv: z.string().max(100).optional().describe('SDK version'),
  page: integer(1, MAX_PAGE, 1).describe('1-based page number (default 1)'),
  entries: integer(1, MAX_ENTRIES, DEFAULT_ENTRIES).describe(`Wallets per page, 1-${MAX_ENTRIES} (default ${DEFAULT_ENTRIES})`),
  chains: list(Caip2).describe('Comma-separated CAIP-2 chains: wallets supporting any of them'),
  include: list(ListedWalletId).describe('Comma-separated wallet ids: only these, in this order'),
  exclude: list(ListedWalletId).describe('Comma-separated wallet ids to leave out'),
  injected: list(InjectedRef).describe(
    'Comma-separated namespace:injected_id pairs: wallets that inject themselves so (how the modal names a Polkadot extension, whose entry carries no name)',
  ),
  search: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .max(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)
        .transform((s) => s.trim())
        .optional(),
    )
    .describe('Case-insensitive part of the wallet name'),
  badge_type: z.preprocess(blankToUndefined, BadgeType.optional()).describe('Only wallets with this badge'),
})
export type GetWalletsQuery = z.output<typeof GetWalletsQuery>

export interface WalletPage {
  /** Every wallet matching the filters, not the page size. */
  count: number
  data: WcWallet[]
}

const namespaceOf = (caip2: string) => caip2.slice(0, caip2.indexOf(':'))

/**
 * `chains` matches a wallet supporting ANY of the requested CAIP-2 chains. A chain that no wallet
 * of the registry lists (a local devnet such as eip155:31337, a new L2) falls back to its
 * namespace: every wallet with a chain in that namespace matches, since such wallets can add it.
 */
export function chainMatcher(all: readonly WcWallet[], requested: readonly string[]): (wallet: WcWallet) => boolean {
  const known = new Set(all.flatMap((w) => w.chains))
  const exact = new Set(requested.filter((c) => known.has(c)))
  const namespaces = new Set(requested.filter((c) => !known.has(c)).map(namespaceOf))
  return (wallet) => wallet.chains.some((c) => exact.has(c) || namespaces.has(namespaceOf(c)))
}

/**
 * The wallets of one page. Order: `order`, then name; with `include`, the order of the include
 * list (featured wallets come back in the order asked). Filters, all combined with AND:
 * include (only those ids), exclude, chains (see chainMatcher), injected (any of those
 * `namespace:injected_id`), badge_type (exact), search
 * (case-insensitive substring of the name). `page` is 1-based.
 */
export function queryWallets(all: readonly WcWallet[], query: Omit<GetWalletsQuery, 'projectId' | 'st' | 'sv'>): WalletPage {
  let wallets: WcWallet[]
  if (query.include?.length) {
    const byId = new Map(all.map((w) => [w.id, w]))
    wallets = [...new Set(query.include)].flatMap((id) => byId.get(id) ?? [])
  } else {
    wallets = [...all].sort(compareWallets)
  }
  if (query.exclude?.length) {
    const excluded = new Set(query.exclude)
    wallets = wallets.filter((w) => !excluded.has(w.id))
  }
  if (query.chains?.length) wallets = wallets.filter(chainMatcher(all, query.chains))
  if (query.injected?.length) {
    const refs = new Set(query.injected)
    wallets = wallets.filter((w) => w.injected?.some((i) => refs.has(`${i.namespace}:${i.injected_id}`)))
  }
  if (query.badge_type) wallets = wallets.filter((w) => w.badge_type === query.badge_type)
  if (query.search) {
    const needle = query.search.toLowerCase()
    wallets = wallets.filter((w) => w.name.toLowerCase().includes(needle))
  }
  const start = (query.page - 1) * query.entries
  return { count: wallets.length, data: wallets.slice(start, start + query.entries) }
}
