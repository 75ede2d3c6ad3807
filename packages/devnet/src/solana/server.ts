import { SOLANA_LOCALNET_GENESIS_HASH, solanaLocalnet } from '@airlock/chains'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody, reply } from '../http-reply'
import { SOLANA_DEVNET_USDC_MINT, solanaDevnetAccounts, type SolanaDevnetAccount } from './accounts'
import { createGenesis } from './genesis'
import { stringify } from './json'
import { Ledger } from './ledger'
import { attachPubsub } from './pubsub'
import { answer, errorResponse } from './rpc'
import { RPC_ERRORS, RpcError } from './rpc-error'

/** A node refuses request bodies above 50 KiB; so do we. */
export const MAX_REQUEST_BYTES = 50 * 1024

export interface StartSolanaDevnetOptions {
  /** HTTP JSON-RPC port; the WebSocket API listens on port + 1, as a Solana node does. 0 picks a free pair. */
  port?: number
  host?: string
  /** Internal errors (a bug, never a client's bad input). */
  log?: (line: string) => void
}

export interface SolanaDevnet {
  /** http://host:port, the JSON-RPC endpoint. */
  url: string
  /** ws://host:(port + 1), the subscriptions endpoint. */
  wsUrl: string
  /** `solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z`, from the fixed genesis hash. */
  caipNetworkId: string
  genesisHash: string
  /** The USDC mint (6 decimals); every devnet account holds 10,000 in its associated token account. */
  usdcMint: string
  /** The ten devnet accounts, 1000 SOL each. */
  accounts: readonly SolanaDevnetAccount[]
  /** Closes both servers and every socket. Idempotent. */
  stop(): Promise<void>
}

const rpcError = (res: ServerResponse, status: number, code: number, message: string) =>
  reply(res, status, stringify(errorResponse(null, new RpcError(code, message))), 'application/json')

function rpcHandler(ledger: Ledger, log?: (line: string) => void) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') return reply(res, 204, '')
    if (req.method === 'GET' && req.url === '/health') return reply(res, 200, 'ok')
    if (req.method !== 'POST') return rpcError(res, 405, RPC_ERRORS.invalidRequest, 'Send JSON-RPC requests with POST')
    const text = await readBody(req, MAX_REQUEST_BYTES, (message) => rpcError(res, 413, RPC_ERRORS.invalidRequest, message))
    if (text === undefined) return
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return rpcError(res, 200, RPC_ERRORS.parse, 'Parse error')
    }
    reply(res, 200, stringify(await answer(body, ledger, log)), 'application/json')
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

/** HTTP on `port`, WebSocket on port + 1; with port 0, tries free ports until both are free. */
async function listenPair(http: Server, ws: Server, port: number, host: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const httpPort = await listen(http, port, host)
    try {
      await listen(ws, httpPort + 1, host)
      return httpPort
    } catch (error) {
      await close(http)
      if (port !== 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 20) throw error
    }
  }
}

/**
 * The Solana devnet: litesvm (the real SVM, in process) behind a Solana JSON-RPC server and its
 * WebSocket API, with the devnet accounts funded (1000 SOL and 10,000 USDC each). See
 * rpc-methods.ts for what it answers and ledger.ts for how blocks, fees and history work.
 */
export async function startSolanaDevnet(options: StartSolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  const host = options.host ?? '127.0.0.1'
  const ledger = new Ledger(await createGenesis())
  const http = createServer((req, res) => {
    rpcHandler(ledger, options.log)(req, res).catch((error: unknown) => {
      options.log?.(`solana devnet: request failed: ${String(error)}`)
      if (!res.headersSent) rpcError(res, 500, RPC_ERRORS.internal, 'Internal error')
    })
  })
  const ws = createServer((_req, res) => reply(res, 426, 'This is the WebSocket endpoint: connect with ws://'))
  const pubsub = attachPubsub(ws, ledger)
  const port = await listenPair(http, ws, options.port ?? 0, host)
  let stopped: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port + 1}`,
    caipNetworkId: solanaLocalnet.caipNetworkId,
    genesisHash: SOLANA_LOCALNET_GENESIS_HASH,
    usdcMint: SOLANA_DEVNET_USDC_MINT,
    accounts: solanaDevnetAccounts,
    stop() {
      stopped ??= (async () => {
        pubsub.close()
        http.closeAllConnections()
        await Promise.all([close(http), close(ws)])
      })()
      return stopped
    },
  }
}
