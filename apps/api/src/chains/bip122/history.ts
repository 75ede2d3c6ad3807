import { formatUnits } from 'viem'
import * as z from 'zod'
import { oneNetworkPage } from '../one-network-page'
import type { ChainRegistry } from '../registry'
import { isAddressOn } from './address'
import { EsploraTx, Txid, type Esplora } from './esplora'

/** esplora lists an address's confirmed transactions 25 at a time; a page of at most 50 needs a few of those lists. */
const MAX_LISTS_PER_PAGE = 4

const sats = (value: bigint) => formatUnits(value, 8)
const sum = (values: readonly { value: number }[]) => values.reduce((total, output) => total + BigInt(output.value), 0n)

/**
 * One transaction as the account saw it: what left it for other addresses (its own change
 * subtracted), what it received, and the fee it paid (when every input was its own; otherwise
 * the fee is the other payers' too and is not shown).
 */
export function toBitcoinHistoryTransaction(tx: EsploraTx, query: { owner: string; caip2: string; nowMs: number }) {
  const { owner } = query
  const ours = (address: string | undefined) => address === owner
  const spent = sum(tx.vin.flatMap((input) => (input.prevout && ours(input.prevout.scriptpubkey_address) ? [input.prevout] : [])))
  const received = sum(tx.vout.filter((output) => ours(output.scriptpubkey_address)))
  const toOthers = sum(tx.vout.filter((output) => !ours(output.scriptpubkey_address)))
  const paidAll = spent > 0n && tx.vin.every((input) => ours(input.prevout?.scriptpubkey_address))
  const fee = paidAll ? BigInt(tx.fee) : 0n
  const direction = spent === 0n ? ('in' as const) : toOthers === 0n ? ('self' as const) : ('out' as const)
  const amount = direction === 'in' ? received : direction === 'self' ? received : minBig(toOthers, spent - received - fee)
  const firstSender = tx.vin.find((input) => input.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address ?? ''
  const firstRecipient = tx.vout.find((output) => output.scriptpubkey_address && !ours(output.scriptpubkey_address))?.scriptpubkey_address
  const minedAt = tx.status.block_time === undefined ? query.nowMs : tx.status.block_time * 1000
  return {
    id: `${tx.txid}:${query.caip2}`,
    metadata: {
      operationType: direction === 'in' ? 'receive' : 'send',
      hash: tx.txid,
      minedAt: new Date(minedAt).toISOString(),
      sentFrom: direction === 'in' ? firstSender : owner,
      sentTo: direction === 'out' ? (firstRecipient ?? owner) : owner,
      status: tx.status.confirmed ? ('confirmed' as const) : ('pending' as const),
      nonce: 0,
      chain: query.caip2,
      ...(fee > 0n ? { fee: { symbol: 'BTC', quantity: { numeric: sats(fee) } } } : {}),
    },
    transfers: [
      {
        fungible_info: { name: 'Bitcoin', symbol: 'BTC' },
        direction,
        quantity: { numeric: sats(amount) },
        value: 0,
        price: 0,
      },
    ],
  }
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b)

/**
 * One page of an address's transactions from esplora, newest first: the mempool's, then the
 * confirmed ones 25 per list (`/txs/chain/<last seen txid>`). `after` (the cursor) is the last
 * txid of the previous page: a mempool one is found in the first list, a confirmed one starts the
 * chain lists after it. `next` is this page's last txid, or null when nothing older is left.
 */
export async function bitcoinHistoryPage(
  esplora: Esplora,
  query: { caip2: string; owner: string; after: string | undefined; limit: number; nowMs: number },
) {
  const { owner, after, limit } = query
  const txs = z.array(EsploraTx)
  let listed = await esplora.get(`/address/${owner}/txs`, txs)
  if (after !== undefined) {
    const at = listed.findIndex((tx) => tx.txid === after && !tx.status.confirmed)
    listed = at >= 0 ? listed.slice(at + 1) : await esplora.get(`/address/${owner}/txs/chain/${after}`, txs)
  }
  const collected = [...listed]
  for (let lists = 1; collected.length <= limit && listed.length > 0 && lists < MAX_LISTS_PER_PAGE; lists++) {
    const lastConfirmed = collected.findLast((tx) => tx.status.confirmed)
    if (!lastConfirmed) break
    listed = await esplora.get(`/address/${owner}/txs/chain/${lastConfirmed.txid}`, txs)
    collected.push(...listed)
  }
  const page = collected.slice(0, limit)
  return {
    data: page.map((tx) => toBitcoinHistoryTransaction(tx, { owner, caip2: query.caip2, nowMs: query.nowMs })),
    next: collected.length > limit ? page.at(-1)!.txid : null,
  }
}

/** The bip122 side of the history route (history/routes.ts): txid cursors, one network per page (a txid means nothing on another). */
export function bip122History(chains: ChainRegistry, now: () => number) {
  const networks = chains.family('bip122')
  return {
    parseCursor: (text: string) => (Txid.safeParse(text).success ? text : undefined),
    supports: (chain: string) => networks.client(chain) !== undefined,
    page: ({ account, chain, cursor, limit }: { account: string; chain: string | undefined; cursor: string | undefined; limit: number }) =>
      // The networks whose addresses it is: a bare tb1… address reads on testnet, testnet4 and signet alike.
      oneNetworkPage(
        {
          networks: (chain ? [chain] : networks.supported()).filter((caip2) => isAddressOn(account, caip2)),
          account,
          who: 'this Bitcoin address',
        },
        (caip2) => {
          const esplora = networks.client(caip2)
          return esplora && bitcoinHistoryPage(esplora, { caip2, owner: account, after: cursor, limit, nowMs: now() })
        },
      ),
  }
}
