import { bytesToHex } from '@airlock/chains/bip122'
import type { Chain, ChainBlock, ChainTx, Prevout } from './chain'
import { scriptAddress, scriptAsm, scriptType } from './script'

/** esplora's `status` of a transaction. */
export const txStatus = (entry: ChainTx) =>
  entry.block
    ? { confirmed: true, block_height: entry.block.height, block_hash: entry.block.hash, block_time: entry.block.time }
    : { confirmed: false }

function outputJson(output: Prevout) {
  const address = scriptAddress(output.script)
  return {
    scriptpubkey: bytesToHex(output.script),
    scriptpubkey_asm: scriptAsm(output.script),
    scriptpubkey_type: scriptType(output.script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(output.value),
  }
}

/** A transaction in esplora's shape (`GET /tx/:txid`). */
export function txJson(entry: ChainTx) {
  const { tx } = entry
  return {
    txid: entry.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input, i) => {
      const prevout = entry.prevouts[i]
      const coinbase = prevout === null
      return {
        txid: bytesToHex(Uint8Array.from(input.hash).reverse()),
        vout: input.index,
        prevout: prevout ? outputJson(prevout) : null,
        scriptsig: bytesToHex(input.script),
        scriptsig_asm: scriptAsm(input.script),
        ...(input.witness.length > 0 ? { witness: input.witness.map(bytesToHex) } : {}),
        is_coinbase: coinbase,
        sequence: input.sequence,
      }
    }),
    vout: tx.outs.map(outputJson),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: Number(entry.fee),
    status: txStatus(entry),
  }
}

/** A block in esplora's shape (`GET /block/:hash`). */
export function blockJson(chain: Chain, block: ChainBlock) {
  const header = block.block
  const times = chain.blocks.slice(Math.max(0, block.height - 10), block.height + 1).map((b) => b.time)
  times.sort((a, b) => a - b)
  return {
    id: block.hash,
    height: block.height,
    version: header.version,
    timestamp: block.time,
    tx_count: Math.max(block.txids.length, 1),
    size: header.transactions ? header.byteLength() : 285,
    weight: header.transactions ? header.weight() : 1140,
    merkle_root: bytesToHex(Uint8Array.from(header.merkleRoot!).reverse()),
    previousblockhash: block.previousHash ?? null,
    mediantime: times[Math.floor(times.length / 2)]!,
    nonce: header.nonce,
    bits: header.bits,
    difficulty: 4.656542373906925e-10,
  }
}

interface Stats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}
const emptyStats = (): Stats => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 })

/** `GET /address/:address`: confirmed and mempool sums of what the address received and spent. */
export function addressJson(chain: Chain, address: string) {
  const chainStats = emptyStats()
  const mempoolStats = emptyStats()
  for (const txid of chain.addressTxids(address)) {
    const entry = chain.txs.get(txid)!
    const stats = entry.block ? chainStats : mempoolStats
    stats.tx_count++
    for (const output of entry.tx.outs)
      if (scriptAddress(output.script) === address) {
        stats.funded_txo_count++
        stats.funded_txo_sum += Number(output.value)
      }
    for (const prevout of entry.prevouts)
      if (prevout && scriptAddress(prevout.script) === address) {
        stats.spent_txo_count++
        stats.spent_txo_sum += Number(prevout.value)
      }
  }
  return { address, chain_stats: chainStats, mempool_stats: mempoolStats }
}

/** `GET /address/:address/utxo`: unspent outputs (a mempool spend counts as spent; mempool outputs are listed unconfirmed). */
export function addressUtxos(chain: Chain, address: string) {
  const utxos = []
  for (const txid of chain.addressTxids(address)) {
    const entry = chain.txs.get(txid)!
    for (const [vout, output] of entry.tx.outs.entries())
      if (scriptAddress(output.script) === address && chain.unspent(txid, vout))
        utxos.push({ txid, vout, status: txStatus(entry), value: Number(output.value) })
  }
  return utxos
}

/**
 * `GET /address/:address/txs`: up to 50 mempool transactions, newest first, then the 25 newest
 * confirmed ones; `GET /address/:address/txs/chain/:last_seen_txid` pages on through the confirmed.
 */
export function addressTxs(chain: Chain, address: string, lastSeen?: string) {
  const newestFirst = chain
    .addressTxids(address)
    .map((txid) => chain.txs.get(txid)!)
    .reverse()
  const confirmed = newestFirst.filter((entry) => entry.block)
  if (lastSeen !== undefined) {
    const at = confirmed.findIndex((entry) => entry.txid === lastSeen)
    return at < 0 ? [] : confirmed.slice(at + 1, at + 26).map(txJson)
  }
  const mempool = newestFirst.filter((entry) => !entry.block).slice(0, 50)
  return [...mempool, ...confirmed.slice(0, 25)].map(txJson)
}
