import type { BitcoinUtxo } from '@airlock/chains/bip122'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import * as z from 'zod/mini'
import type { NodeRpc } from '../types'

/**
 * The Bitcoin node's esplora API through the data API's REST pass-through (NodeRpc.rest), each
 * answer checked. Amounts are sats, JSON numbers below 2^53.
 */

const sats = z.number().check(z.int(), z.minimum(0))
const TXID = /^[0-9a-f]{64}$/
const Stats = z.object({ funded_txo_sum: sats, spent_txo_sum: sats })
const schemas = {
  address: z.object({ chain_stats: Stats, mempool_stats: Stats }),
  utxo: z.array(z.object({ txid: z.string().check(z.regex(TXID)), vout: z.number().check(z.int(), z.minimum(0)), value: sats })),
  feeEstimates: z.record(z.string().check(z.regex(/^[0-9]{1,4}$/)), z.number().check(z.positive())),
  status: z.object({ confirmed: z.boolean() }),
}

function restOf(rpc: NodeRpc) {
  if (!rpc.rest) throw new ProviderRpcError(RpcErrorCode.InternalError, 'No REST access to the Bitcoin node')
  return rpc.rest
}

async function read<S extends z.ZodMiniType>(rpc: NodeRpc, caipNetworkId: string, path: string, schema: S): Promise<z.output<S>> {
  const text = await restOf(rpc)(caipNetworkId, path)
  let parsed: ReturnType<S['safeParse']> | undefined
  try {
    parsed = schema.safeParse(JSON.parse(text)) as ReturnType<S['safeParse']>
  } catch {
    // Not JSON: said below as a malformed answer.
  }
  if (!parsed?.success)
    throw new ProviderRpcError(RpcErrorCode.InternalError, `The Bitcoin node answered ${path.split('/')[0]} with a malformed result`)
  return parsed.data as z.output<S>
}

/** What an address holds, confirmed and pending (its mempool's incoming minus outgoing). */
export async function balanceOf(rpc: NodeRpc, caipNetworkId: string, address: string): Promise<bigint> {
  const { chain_stats: chain, mempool_stats: mempool } = await read(rpc, caipNetworkId, `address/${address}`, schemas.address)
  return BigInt(chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum)
}

/** The address's unspent outputs, pending ones included (esplora lists both). */
export async function utxosOf(rpc: NodeRpc, caipNetworkId: string, address: string): Promise<BitcoinUtxo[]> {
  const utxos = await read(rpc, caipNetworkId, `address/${address}/utxo`, schemas.utxo)
  return utxos.map(({ txid, vout, value }) => ({ txid, vout, value: BigInt(value) }))
}

/** Confirmation within a few blocks (about half an hour): what a wallet's "medium" fee aims at. */
export const FEE_TARGET_BLOCKS = 3

/**
 * The fee rate in sat/vB for FEE_TARGET_BLOCKS: esplora's estimate for that target, else for the
 * nearest longer one, else the longest it has; undefined when it has none.
 */
export async function feeRateOf(rpc: NodeRpc, caipNetworkId: string): Promise<number | undefined> {
  const estimates = Object.entries(await read(rpc, caipNetworkId, 'fee-estimates', schemas.feeEstimates))
    .map(([target, rate]) => [Number(target), rate] as const)
    .sort(([a], [b]) => a - b)
  return (estimates.find(([target]) => target >= FEE_TARGET_BLOCKS) ?? estimates.at(-1))?.[1]
}

/** Whether the transaction is mined; undefined while the node does not know it. */
export async function isConfirmed(rpc: NodeRpc, caipNetworkId: string, txid: string): Promise<boolean | undefined> {
  try {
    return (await read(rpc, caipNetworkId, `tx/${txid}/status`, schemas.status)).confirmed
  } catch (error) {
    if (error instanceof ProviderRpcError && (error.data as { status?: number } | undefined)?.status === 404) return undefined
    throw error
  }
}

/** POST /tx of a signed transaction (hex); the node's txid. A refusal throws the node's own words. */
export async function broadcast(rpc: NodeRpc, caipNetworkId: string, hex: string): Promise<string> {
  const txid = (await restOf(rpc)(caipNetworkId, 'tx', hex)).trim()
  if (!TXID.test(txid))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The Bitcoin node answered the broadcast with a malformed txid')
  return txid
}
