import type { RestCall, RestTarget } from '../family'
import { isAddressOn, parseBitcoinAddress } from './address'

/** A raw transaction of at most 400,000 bytes (the standard weight limit's bound), as hex. */
export const MAX_TX_HEX_CHARS = 800_000

const TXID = /^[0-9a-f]{64}$/
const RAW_TX = /^(?:[0-9a-f]{2})+$/i
/** The reads of one transaction esplora serves under /tx/:txid. */
const TX_READS = new Set(['status', 'hex', 'outspends'])
/** The reads of one address under /address/:address (`txs/chain/:txid` apart). */
const ADDRESS_READS = new Set(['utxo', 'txs'])

const notFound = (segments: readonly string[]): RestTarget => ({
  status: 404,
  error: `/${segments.join('/')} is not available through the Airlock esplora pass-through`,
})

/**
 * The esplora paths wallets and the widget need, and no other: an address's summary, UTXOs and
 * transactions, a transaction and its status, the tip height, the fee estimates, and POST /tx (a
 * signed transaction as hex). Every parameter is checked before anything is forwarded: an address
 * of the network the chain id names, a 64-hex txid, a hex body of at most MAX_TX_HEX_CHARS.
 */
export function esploraTarget({ method, segments, caipNetworkId, body }: RestCall): RestTarget {
  const [head, id, sub, ...rest] = segments
  if (method === 'POST') {
    if (segments.length !== 1 || head !== 'tx') return notFound(segments)
    const hex = body?.trim() ?? ''
    if (hex.length > MAX_TX_HEX_CHARS) return { status: 400, error: `The transaction exceeds ${MAX_TX_HEX_CHARS / 2} bytes` }
    if (!RAW_TX.test(hex)) return { status: 400, error: 'The body must be a raw transaction in hex' }
    return { path: '/tx', body: hex }
  }
  if (method !== 'GET') return notFound(segments)
  const path = `/${segments.join('/')}`
  if (path === '/fee-estimates' || path === '/blocks/tip/height' || path === '/blocks/tip/hash') return { path }
  if (head === 'tx' && id !== undefined && rest.length === 0 && (sub === undefined || TX_READS.has(sub))) {
    return TXID.test(id) ? { path } : { status: 400, error: 'Invalid txid: expected 64 lower-case hex digits' }
  }
  if (head === 'address' && id !== undefined) {
    const chainPage = sub === 'txs' && rest[0] === 'chain' && rest.length === 2
    if (!(sub === undefined || (ADDRESS_READS.has(sub) && rest.length === 0) || chainPage)) return notFound(segments)
    const address = parseBitcoinAddress(id)
    if (!address || !isAddressOn(address, caipNetworkId))
      return { status: 400, error: `Invalid address: not a Bitcoin address of ${caipNetworkId}` }
    if (chainPage && !TXID.test(rest[1]!)) return { status: 400, error: 'Invalid txid: expected 64 lower-case hex digits' }
    return { path: ['', head, address, ...segments.slice(2)].join('/') }
  }
  return notFound(segments)
}
