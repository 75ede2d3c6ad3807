import { bytesToHex } from '@airlock/chains/bip122'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody, reply } from '../http-reply'
import {
  BITCOIN_DEVNET_P2TR_FUNDING,
  BITCOIN_DEVNET_P2WPKH_FUNDING,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_GENESIS_HASH,
  bitcoinDevnetAccounts,
  bitcoinDevnetTaprootAccounts,
  type BitcoinDevnetAccount,
} from './accounts'
import { Chain, type ChainBlock, type FundingOutput } from './chain'
import { addressJson, addressTxs, addressUtxos, blockJson, txJson, txStatus } from './esplora-json'
import { addressScript } from './script'
import { checkTransaction, TxRejected } from './validate'

/** A standard transaction weighs at most 400,000 WU, so its hex is under 800 KB; larger bodies are refused. */
export const MAX_REQUEST_BYTES = 1024 * 1024

/** What `GET /fee-estimates` answers, sat/vB per confirmation target in blocks (esplora's targets). */
export const BITCOIN_DEVNET_FEE_ESTIMATES: Readonly<Record<string, number>> = Object.freeze({
  ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [String(i + 1), i < 2 ? 3 : i < 5 ? 2 : i < 12 ? 1.5 : 1])),
  '144': 1,
  '504': 1,
  '1008': 1,
})

export interface StartBitcoinDevnetOptions {
  /** HTTP port of the esplora API. 0 picks a free one. */
  port?: number
  host?: string
  /**
   * 'instant' (the default): every accepted transaction is mined into a block of its own at once, so
   * its status is `confirmed: true` as soon as POST /tx answers. `{ intervalMs }`: transactions wait
   * in the mempool (`confirmed: false`) and a block is mined every intervalMs, as on a real chain.
   */
  mining?: 'instant' | { intervalMs: number }
  /** Internal errors (a bug, never a client's bad input) and refused broadcasts. */
  log?: (line: string) => void
}

export interface BitcoinDevnet {
  /** http://host:port, the esplora API's base URL (what mempool.space serves at https://mempool.space/api). */
  url: string
  /** `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`, regtest. */
  caipNetworkId: string
  genesisHash: string
  /** The P2WPKH accounts (BIP-84), each with 1, 0.5 and 0.1 BTC in three UTXOs. */
  accounts: readonly BitcoinDevnetAccount[]
  /** The taproot accounts (BIP-86), each with 1 and 0.5 BTC in two UTXOs. */
  taprootAccounts: readonly BitcoinDevnetAccount[]
  /** Mines a block now with whatever is in the mempool (for the timer mode); returns its height and hash. */
  mine(): { height: number; hash: string }
  /** Closes the server and every socket, and stops the block timer. Idempotent. */
  stop(): Promise<void>
}

const json = (res: ServerResponse, value: unknown) => reply(res, 200, JSON.stringify(value), 'application/json')

/** Every devnet account's funding, in the order of block 1's coinbase outputs. */
export function devnetFunding(): FundingOutput[] {
  return [
    ...bitcoinDevnetAccounts.flatMap((account) => BITCOIN_DEVNET_P2WPKH_FUNDING.map((value) => ({ address: account.address, value }))),
    ...bitcoinDevnetTaprootAccounts.flatMap((account) => BITCOIN_DEVNET_P2TR_FUNDING.map((value) => ({ address: account.address, value }))),
  ]
}

const TXID = /^[0-9a-f]{64}$/

function handler(chain: Chain, onAccepted: () => void, log?: (line: string) => void) {
  const notFound = (res: ServerResponse, what = 'Not found') => reply(res, 404, what)
  const blockAt = (res: ServerResponse, block: ChainBlock | undefined) =>
    block ? json(res, blockJson(chain, block)) : notFound(res, 'Block not found')

  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') return reply(res, 204, '')
    const path = new URL(req.url ?? '/', 'http://devnet').pathname.replace(/\/+$/, '')
    const parts = path.split('/').slice(1).map(decodeURIComponent)

    if (req.method === 'POST') {
      if (path !== '/tx') return notFound(res)
      const body = await readBody(req, MAX_REQUEST_BYTES, (message) => reply(res, 413, message))
      if (body === undefined) return
      try {
        const { tx, prevouts, fee } = checkTransaction(chain, body.trim())
        const entry = chain.accept(tx, prevouts, fee)
        onAccepted()
        return reply(res, 200, entry.txid)
      } catch (error) {
        if (!(error instanceof TxRejected)) throw error
        log?.(`bitcoin devnet: refused a transaction: ${error.message}`)
        // esplora relays bitcoind's error as it comes from sendrawtransaction.
        return reply(res, 400, `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.message })}`)
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(res, 405, 'Method not allowed')

    const [head, id, sub, ...rest] = parts
    if (path === '/health') return reply(res, 200, 'ok')
    if (path === '/fee-estimates') return json(res, BITCOIN_DEVNET_FEE_ESTIMATES)
    if (path === '/blocks/tip/height') return reply(res, 200, String(chain.tip.height))
    if (path === '/blocks/tip/hash') return reply(res, 200, chain.tip.hash)
    if (head === 'blocks' && parts.length <= 2) {
      const start = id === undefined ? chain.tip.height : Number(id)
      if (!Number.isInteger(start) || start < 0) return reply(res, 400, 'Invalid height')
      return json(
        res,
        chain.blocks
          .slice(Math.max(0, start - 9), start + 1)
          .reverse()
          .map((block) => blockJson(chain, block)),
      )
    }
    if (head === 'block-height' && parts.length === 2) {
      const block = chain.blocks[Number(id)]
      return block && /^\d+$/.test(id!) ? reply(res, 200, block.hash) : notFound(res, 'Block not found')
    }
    if (head === 'block' && id !== undefined) {
      const block = chain.blocks.find((b) => b.hash === id)
      if (!block) return notFound(res, 'Block not found')
      if (sub === undefined) return blockAt(res, block)
      if (sub === 'status' && parts.length === 3) {
        const next = chain.blocks[block.height + 1]
        return json(res, { in_best_chain: true, height: block.height, next_best: next?.hash ?? null })
      }
      if (sub === 'txids' && parts.length === 3) return json(res, block.txids)
      if (sub === 'header' && parts.length === 3) return reply(res, 200, block.block.toHex(true))
      return notFound(res)
    }
    if (head === 'tx' && id !== undefined) {
      const entry = TXID.test(id) ? chain.txs.get(id) : undefined
      if (!entry) return notFound(res, 'Transaction not found')
      if (sub === undefined) return json(res, txJson(entry))
      if (parts.length !== 3) return notFound(res)
      if (sub === 'hex') return reply(res, 200, entry.tx.toHex())
      if (sub === 'raw') return reply(res, 200, entry.tx.toBuffer(), 'application/octet-stream')
      if (sub === 'status') return json(res, txStatus(entry))
      if (sub === 'outspends')
        return json(
          res,
          entry.tx.outs.map((_output, vout) => {
            const spender = chain.spender(entry.txid, vout)
            const spending = spender ? chain.txs.get(spender)! : undefined
            if (!spending) return { spent: false }
            const vin = spending.tx.ins.findIndex(
              (input) => bytesToHex(Uint8Array.from(input.hash).reverse()) === entry.txid && input.index === vout,
            )
            return { spent: true, txid: spender, vin, status: txStatus(spending) }
          }),
        )
      return notFound(res)
    }
    if (head === 'address' && id !== undefined) {
      if (!addressScript(id)) return reply(res, 400, 'Invalid Bitcoin address')
      if (sub === undefined) return json(res, addressJson(chain, id))
      if (sub === 'utxo' && parts.length === 3) return json(res, addressUtxos(chain, id))
      if (sub === 'txs' && parts.length === 3) return json(res, addressTxs(chain, id))
      if (sub === 'txs' && rest[0] === 'chain' && parts.length <= 5) return json(res, addressTxs(chain, id, rest[1] ?? ''))
      return notFound(res)
    }
    if (path === '/mempool/txids') return json(res, chain.mempool)
    return notFound(res)
  }
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })

/**
 * The Bitcoin devnet: an esplora-compatible REST API (the paths and JSON of Blockstream's esplora
 * and mempool.space's /api, so either can replace it by URL) over an in-memory regtest chain whose
 * block 1 funds the devnet accounts. POST /tx runs a node's checks (validate.ts) before it accepts a
 * transaction. There is no bitcoind here (see CHAINS.md section 2).
 */
export async function startBitcoinDevnet(options: StartBitcoinDevnetOptions = {}): Promise<BitcoinDevnet> {
  const host = options.host ?? '127.0.0.1'
  const chain = new Chain(devnetFunding())
  const mining = options.mining ?? 'instant'
  const mine = () => {
    const block = chain.mine()
    return { height: block.height, hash: block.hash }
  }
  const server = createServer((req, res) => {
    handler(
      chain,
      mining === 'instant' ? mine : () => {},
      options.log,
    )(req, res).catch((error: unknown) => {
      options.log?.(`bitcoin devnet: request failed: ${String(error)}`)
      if (!res.headersSent) reply(res, 500, 'Internal error')
    })
  })
  const port = await listen(server, options.port ?? 0, host)
  const timer = mining === 'instant' ? undefined : setInterval(mine, mining.intervalMs)
  timer?.unref()
  let stopped: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    caipNetworkId: BITCOIN_REGTEST_CAIP_NETWORK_ID,
    genesisHash: BITCOIN_REGTEST_GENESIS_HASH,
    accounts: bitcoinDevnetAccounts,
    taprootAccounts: bitcoinDevnetTaprootAccounts,
    mine,
    stop() {
      stopped ??= (async () => {
        clearInterval(timer)
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      })()
      return stopped
    },
  }
}
