import type {
  HistoryResponse as ProtocolHistoryResponse,
  HistoryTransaction as ProtocolHistoryTransaction,
  HistoryTransfer as ProtocolHistoryTransfer,
} from '@airlock/protocol'
import { formatUnits, getAddress, type Address } from 'viem'
import * as z from 'zod'
import { directionOf, type Direction } from './classify'

type ProtocolHistoryMetadata = ProtocolHistoryTransaction['metadata']

/**
 * The response shapes of `GET /v1/account/{account}/history`, as AppKit reads them
 * (@reown/appkit-common `Transaction`, `TransactionMetadata`, `TransactionTransfer`). Each extends
 * the protocol's wire type (what the widget parses with), so the compiler keeps the two in step.
 */
export interface HistoryTransaction extends ProtocolHistoryTransaction {
  id: string
  metadata: HistoryMetadata
  transfers: HistoryTransfer[]
}

/** `pending`: in the mempool, not yet in a block (bip122). */
export type ChainStatus = 'confirmed' | 'failed' | 'pending'
export type OnrampStatus =
  'ONRAMP_TRANSACTION_STATUS_SUCCESS' | 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' | 'ONRAMP_TRANSACTION_STATUS_FAILED'

export interface HistoryMetadata extends ProtocolHistoryMetadata {
  operationType: string
  hash: string
  /** ISO 8601. */
  minedAt: string
  sentFrom: string
  sentTo: string
  status: ChainStatus | OnrampStatus
  nonce: number
  /** CAIP-2. */
  chain: string
  /** The network fee the account paid, where the family reads it (bip122). */
  fee?: { symbol: string; quantity: { numeric: string } }
}

export interface HistoryTransfer extends ProtocolHistoryTransfer {
  fungible_info: { name: string; symbol: string; icon?: { url: string } }
  /** Present only on spam: AppKit drops a transaction whose transfers all have `nft_info.flags.is_spam`. */
  nft_info?: { name: string; flags: { is_spam: true } }
  direction: Direction
  /** Human decimal string (`1.5`), not smallest units. */
  quantity: { numeric: string }
  /** USD value of the quantity; 0 when no price is known. */
  value: number
  /** USD price of one unit; 0 when unknown. */
  price: number
}

export interface HistoryResponse extends ProtocolHistoryResponse {
  data: HistoryTransaction[]
  next: string | null
}

/** The schemas of the shapes above, for the OpenAPI document and response tests. */
export const HistoryTransferSchema = z.object({
  fungible_info: z.object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }).optional() }),
  nft_info: z
    .object({ name: z.string(), flags: z.object({ is_spam: z.literal(true) }) })
    .optional()
    .describe('present only on spam'),
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.object({ numeric: z.string().describe('human decimal string ("1.5"), not smallest units') }),
  value: z.number().describe('USD value of the quantity; 0 when no price is known'),
  price: z.number().describe('USD price of one unit; 0 when unknown'),
}) satisfies z.ZodType<HistoryTransfer>
export const HistoryTransactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.string(),
    hash: z.string(),
    minedAt: z.string().describe('ISO 8601'),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum([
      'confirmed',
      'failed',
      'pending',
      'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
      'ONRAMP_TRANSACTION_STATUS_FAILED',
    ]),
    nonce: z.number().int(),
    chain: z.string().describe('CAIP-2'),
    fee: z
      .object({ symbol: z.string(), quantity: z.object({ numeric: z.string() }) })
      .optional()
      .describe('the network fee the account paid (bip122)'),
  }),
  transfers: z.array(HistoryTransferSchema),
}) satisfies z.ZodType<HistoryTransaction>
export const HistoryResponseSchema = z.object({
  data: z.array(HistoryTransactionSchema),
  next: z.string().nullable().describe('the cursor of the next page; null on the last'),
}) satisfies z.ZodType<HistoryResponse>

/** A leg as read from storage, joined with its token's metadata (null token = native). */
export interface StoredLeg {
  leg_index: number
  token_address: string | null
  from_address: string
  to_address: string
  amount: string
  symbol: string | null
  name: string | null
  decimals: number | null
  spam: boolean | null
  icon_url: string | null
}

export interface StoredEntry {
  account: string
  chain: string
  tx_hash: string
  block_number: string
  tx_index: number
  mined_at: Date
  operation_type: string
  status: ChainStatus
  nonce: string
  sent_from: string
  sent_to: string
}

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
  iconUrl?: string
}

/** USD price of a token (address lowercase, null for native) on a chain; undefined when unknown. */
export type PriceLookup = (chain: string, token: string | null, symbol: string) => number | undefined

const STABLECOINS = new Set(['USDC', 'USDT', 'DAI'])

/** Default prices: dollar stablecoins at 1, everything else unknown (0). */
export const stablecoinPrices: PriceLookup = (_chain, _token, symbol) => (STABLECOINS.has(symbol.toUpperCase()) ? 1 : undefined)

/** `formatUnits` without a trailing `.0`: `1500000` with 6 decimals is `1.5`. */
export function humanAmount(amount: string | bigint, decimals: number): string {
  return formatUnits(BigInt(amount), decimals)
}

const DIRECTION_ORDER: Record<Direction, number> = { out: 0, in: 1, self: 2 }

/** The transfers of one entry for its account: out legs first (what was given), then in, then self. */
export function toTransfers(
  entry: Pick<StoredEntry, 'account' | 'chain'>,
  legs: readonly StoredLeg[],
  native: NativeCurrency,
  price: PriceLookup,
): HistoryTransfer[] {
  const rows = legs.flatMap((leg) => {
    const direction = directionOf({ from: leg.from_address as Address, to: leg.to_address as Address }, entry.account)
    return direction ? [{ leg, direction }] : []
  })
  rows.sort((a, b) => DIRECTION_ORDER[a.direction] - DIRECTION_ORDER[b.direction] || a.leg.leg_index - b.leg.leg_index)
  return rows.map(({ leg, direction }) => {
    const isNative = leg.token_address === null
    const symbol = isNative ? native.symbol : (leg.symbol ?? '')
    const name = isNative ? native.name : (leg.name ?? '')
    const decimals = isNative ? native.decimals : (leg.decimals ?? 0)
    const iconUrl = isNative ? native.iconUrl : (leg.icon_url ?? undefined)
    const numeric = humanAmount(leg.amount, decimals)
    const unitPrice = price(entry.chain, leg.token_address, symbol) ?? 0
    const transfer: HistoryTransfer = {
      fungible_info: { name, symbol, ...(iconUrl ? { icon: { url: iconUrl } } : {}) },
      direction,
      quantity: { numeric },
      value: unitPrice === 0 ? 0 : Number(numeric) * unitPrice,
      price: unitPrice,
    }
    if (leg.spam) transfer.nft_info = { name, flags: { is_spam: true } }
    return transfer
  })
}

/** Checksummed when it is an EVM address, as is otherwise. */
export function displayAddress(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? getAddress(address) : address
}

export function toHistoryTransaction(entry: StoredEntry, transfers: HistoryTransfer[]): HistoryTransaction {
  return {
    id: `${entry.tx_hash}:${entry.chain}`,
    metadata: {
      operationType: entry.operation_type,
      hash: entry.tx_hash,
      minedAt: new Date(entry.mined_at).toISOString(),
      sentFrom: displayAddress(entry.sent_from),
      sentTo: displayAddress(entry.sent_to),
      status: entry.status,
      nonce: Number(entry.nonce),
      chain: entry.chain,
    },
    transfers,
  }
}
