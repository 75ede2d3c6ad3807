import { DEVNET_CONTRACTS, DEVNET_TOKENS, devnetAccounts, startDevnet, type Devnet } from '@airlock/devnet'
import { createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainRegistry, type ChainRegistry } from '../../chains/registry'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { startIndexer, type Indexer } from '../../capabilities/history'
import { uniswapV2DexConfig } from '../../capabilities/prices/dex-config'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { createApiApp, type ApiApp } from './app'

/**
 * The data API as one piece, as the modal uses it: a swap is quoted and built by the API, signed
 * and sent by a devnet account, moves the balances as quoted, and then shows in the history the
 * API's own indexer wrote. Real anvil, real PGlite, the app with every route mounted.
 */
const PORTS: [number, number] = [18831, 18832]
const CHAIN = 'eip155:31337'
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const USDC = `${CHAIN}:${DEVNET_CONTRACTS.usdc}`
const DAI = `${CHAIN}:${DEVNET_CONTRACTS.dai}`
const account = devnetAccounts[7]!
const me = account.address

let devnet: Devnet
let db: Database
let chains: ChainRegistry
let indexer: Indexer
let app: ApiApp

beforeAll(async () => {
  ;[devnet, db] = await Promise.all([startDevnet({ ports: PORTS }), openDatabase()])
  chains = createChainRegistry(Object.fromEntries(devnet.chains.map((chain) => [chain.caipNetworkId, chain.rpcUrl])))
  const dex = uniswapV2DexConfig(chains.supported(), { contracts: DEVNET_CONTRACTS, tokens: DEVNET_TOKENS })
  indexer = startIndexer({
    db,
    chains,
    tokens: Object.fromEntries(chains.supported().map((chain) => [chain, dex[chain]!.tokens])),
    pollMs: 50,
  })
  const projects = createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }])
  app = createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects,
    rpcUpstreams: {},
    data: { db, chains, projects, apiOrigin: 'http://api.localhost:4403', now: Date.now },
    dex,
  })
}, 60_000)

afterAll(async () => {
  await indexer?.stop()
  await Promise.all([devnet?.stop(), db?.close()])
})

async function api<T>(path: string, body?: unknown): Promise<T> {
  const separator = path.includes('?') ? '&' : '?'
  const response = await app.request(
    `/v1${path}${separator}projectId=demo`,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  )
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as T
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()
const wallet = createWalletClient({ account: privateKeyToAccount(account.privateKey), transport: http(`http://127.0.0.1:${PORTS[0]}`) })

async function send(tx: {
  to: string
  data: Hex
  value: string
  eip155: { gasPrice: string; gas?: string }
}): Promise<{ hash: Hex; block: bigint }> {
  const client = chains.client(CHAIN)!
  const hash = await wallet.sendTransaction({
    chain: client.chain,
    to: tx.to.split(':').at(-1) as Address,
    data: tx.data,
    value: BigInt(tx.value),
    gasPrice: BigInt(tx.eip155.gasPrice),
    ...(tx.eip155.gas ? { gas: BigInt(tx.eip155.gas) } : {}),
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 10 })
  expect(receipt.status).toBe('success')
  return { hash, block: receipt.blockNumber }
}

const tokenBalance = (token: Address) =>
  chains.client(CHAIN)!.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [me] })

interface HistoryEntry {
  metadata: { operationType: string; hash: string; chain: string }
  transfers: { fungible_info: { symbol: string }; direction: string; quantity: { numeric: string }; price: number; value: number }[]
}

async function swap(from: string, to: string, amount: bigint) {
  const { quotes } = await api<{ quotes: { toAmount: string }[] }>(
    `/convert/quotes?${query({ amount: String(amount), userAddress: `${CHAIN}:${me}`, from, to, gasPrice: '1' })}`,
  )
  const built = await api<{ tx: { to: string; data: Hex; value: string; eip155: { gas: string; gasPrice: string } } }>(
    '/convert/build-transaction',
    {
      amount: String(amount),
      eip155: { slippage: 1 },
      from,
      to,
      userAddress: `${CHAIN}:${me}`,
    },
  )
  return { quoted: BigInt(quotes[0]!.toAmount), sent: await send(built.tx) }
}

describe('a swap through the API, then its history', () => {
  it('ETH -> USDC and USDC -> DAI (with approval) move the balances as quoted, and history lists both as trades', async () => {
    const usdcBefore = await tokenBalance(DEVNET_CONTRACTS.usdc)
    const first = await swap(NATIVE, USDC, 10n ** 18n)
    const usdcGained = (await tokenBalance(DEVNET_CONTRACTS.usdc)) - usdcBefore
    expect(usdcGained).toBeGreaterThanOrEqual((first.quoted * 99n) / 100n)
    expect(usdcGained).toBeLessThanOrEqual(first.quoted)

    const amount = 500n * 10n ** 6n
    expect(await api(`/convert/allowance?${query({ tokenAddress: USDC, userAddress: `${CHAIN}:${me}` })}`)).toEqual({ allowance: '0' })
    const approve = await api<{ tx: { to: string; data: Hex; value: string; eip155: { gasPrice: string } } }>(
      `/convert/build-approve?${query({ userAddress: `${CHAIN}:${me}`, from: USDC, to: DAI, amount: String(amount) })}`,
    )
    await send(approve.tx)
    expect(await api(`/convert/allowance?${query({ tokenAddress: USDC, userAddress: `${CHAIN}:${me}` })}`)).toEqual({
      allowance: String(amount),
    })
    const daiBefore = await tokenBalance(DEVNET_CONTRACTS.dai)
    const second = await swap(USDC, DAI, amount)
    const daiGained = (await tokenBalance(DEVNET_CONTRACTS.dai)) - daiBefore
    expect(daiGained).toBeGreaterThanOrEqual((second.quoted * 99n) / 100n)
    expect(daiGained).toBeLessThanOrEqual(second.quoted)

    await indexer.waitFor(CHAIN, second.sent.block)
    const { data } = await api<{ data: HistoryEntry[] }>(`/account/${me}/history?${query({ chainId: CHAIN })}`)
    const byHash = (hash: string) => data.find((entry) => entry.metadata.hash === hash)
    const legs = (entry: HistoryEntry | undefined) => entry?.transfers.map((t) => [t.fungible_info.symbol, t.direction]).sort()
    expect(byHash(second.sent.hash)?.metadata.operationType).toBe('trade')
    expect(legs(byHash(second.sent.hash))).toEqual([
      ['DAI', 'in'],
      ['USDC', 'out'],
    ])
    expect(byHash(first.sent.hash)?.metadata.operationType).toBe('trade')
    expect(legs(byHash(first.sent.hash))).toEqual([
      ['ETH', 'out'],
      ['USDC', 'in'],
    ])
    expect(byHash(first.sent.hash)?.transfers.find((t) => t.fungible_info.symbol === 'USDC')?.quantity.numeric).toBe(
      (Number(usdcGained) / 1e6).toString(),
    )
    // Valued at the pools' prices: about 3000 USD for the ether that went out.
    const ether = byHash(first.sent.hash)?.transfers.find((t) => t.fungible_info.symbol === 'ETH')
    expect(ether?.price).toBeGreaterThan(2900)
    expect(ether?.price).toBeLessThan(3100)
    expect(ether?.value).toBeCloseTo(ether!.price * 1, 6)
    // Newest first.
    expect(data.findIndex((entry) => entry.metadata.hash === second.sent.hash)).toBeLessThan(
      data.findIndex((entry) => entry.metadata.hash === first.sent.hash),
    )
  })
})
