import { DEVNET_CONTRACTS, DEVNET_TOKENS, devnetAccounts, startDevnet, uniswapV2RouterAbi, type Devnet } from '@airlock/devnet'
import { encodeFunctionData, parseEther, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from '../../../api/src/origins/api/app'
import { createChainRegistry } from '../../../api/src/chains/registry'
import type { Database } from '../../../api/src/platform/db/database'
import { openDatabase } from '../../../api/src/platform/db/open'
import { uniswapV2DexConfig } from '../../../api/src/capabilities/prices/dex-config'
import { createMemoryProjectRegistry } from '../../../api/src/platform/projects/registry'
import { NATIVE_TOKEN } from '../families/eip155/simulation'
import { createPriceLookup } from './prices'
import { createChainProxy } from './proxy'
import { createSimulator, PRICE_GRACE_MS } from '../families/eip155/simulator'

/**
 * The simulation's USD values from the real data API (its project guard, its prices from the
 * devnet's Uniswap V2 pools on anvil, PGlite), called as the secure frame calls it: from its origin.
 */

const CHAIN_PORT = 18893
const API = 'http://api.localhost:4403'
const SECURE = 'http://secure.localhost:4402'
const USDC = DEVNET_CONTRACTS.usdc.toLowerCase()
let devnet: Devnet
let db: Database
let api: ReturnType<typeof createApiApp>

beforeAll(async () => {
  ;[devnet, db] = await Promise.all([startDevnet({ chains: [{ chainId: 31337, name: 'prices', port: CHAIN_PORT }] }), openDatabase()])
  const upstreams = { 'eip155:31337': devnet.chains[0]!.rpcUrl }
  const chains = createChainRegistry(upstreams)
  const projects = createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }])
  api = createApiApp({
    origins: { widget: 'http://widget.localhost:4401', secure: SECURE, api: API },
    projects,
    rpcUpstreams: upstreams,
    data: { db, chains, projects, apiOrigin: API, now: Date.now },
    dex: uniswapV2DexConfig(chains.supported(), { contracts: DEVNET_CONTRACTS, tokens: DEVNET_TOKENS }),
    rateLimit: false,
  })
}, 60_000)
afterAll(async () => {
  await Promise.all([devnet?.stop(), db?.close()])
})

/** The frame's fetch, as the browser sends it from the secure origin (the Origin header is the browser's); every answer recorded. */
const answers: { path: string; status: number; allowOrigin: string | null }[] = []
const fromFrame = (delayPricesMs = 0, origin = SECURE): typeof fetch =>
  (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/fungible/price') await new Promise((resolve) => setTimeout(resolve, delayPricesMs))
    const response = await api.request(`${url.pathname}${url.search}`, { ...init, headers: { ...(init?.headers as object), origin } })
    answers.push({ path: url.pathname, status: response.status, allowOrigin: response.headers.get('access-control-allow-origin') })
    return response
  }) as typeof fetch

const me = devnetAccounts[6]!.address
const swap = () => ({
  from: me,
  to: DEVNET_CONTRACTS.uniswapV2Router,
  value: toHex(parseEther('1')),
  data: encodeFunctionData({
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc], me, BigInt(Math.floor(Date.now() / 1000) + 600)],
  }),
  gas: toHex(300_000n),
})

describe('the USD value of the simulated changes, from the data API', () => {
  it('the API prices what the frame asks from its origin: the native currency and the tokens it names', async () => {
    answers.length = 0
    const lookup = createPriceLookup({ apiUrl: API, fetch: fromFrame() })
    const prices = await lookup({
      chainId: 31337,
      projectId: 'demo',
      tokens: [NATIVE_TOKEN, USDC, '0x1111111111111111111111111111111111111111'],
      signal: new AbortController().signal,
    })
    // A fresh devnet pool: 1 ETH = 3000 USDC; the unknown token has no price.
    expect([...prices]).toEqual([
      [NATIVE_TOKEN, 3000],
      [USDC, 1],
    ])
    expect(answers).toEqual([{ path: '/v1/fungible/price', status: 200, allowOrigin: SECURE }])
  })

  it('a swap shows −1 ETH worth $3,000.00 and the USDC it brings in with its value', async () => {
    const simulate = createSimulator(createChainProxy({ apiUrl: API, fetch: fromFrame() }))
    const simulation = await simulate({ chainId: 31337, projectId: 'demo', transaction: swap() })
    if (simulation.status !== 'ok') throw new Error(JSON.stringify(simulation))
    const [eth, usdc] = simulation.changes
    expect(eth).toEqual({ amount: (-parseEther('1')).toString(), text: '−1 ETH', usd: '$3,000.00' })
    expect(usdc).toMatchObject({ token: USDC, text: expect.stringMatching(/^\+2,9\d\d\.\d+ USDC$/) })
    // USDC at $1: its value is its amount, in cents.
    expect(usdc!.usd).toBe(
      `$${(Number(usdc!.amount) / 1e6).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    )
  })

  it('prices that come too late, or that the API refuses, are left out; the simulation does not wait for them', async () => {
    const slow = createSimulator(createChainProxy({ apiUrl: API, fetch: fromFrame(PRICE_GRACE_MS + 2000) }))
    const started = Date.now()
    const late = await slow({ chainId: 31337, projectId: 'demo', transaction: swap() })
    expect(Date.now() - started).toBeLessThan(PRICE_GRACE_MS + 1000)
    expect(late).toMatchObject({ status: 'ok', changes: [{ text: '−1 ETH' }, { token: USDC }] })
    expect(JSON.stringify(late)).not.toContain('usd')
    // Another origin (neither the secure frame's nor the project's) is refused: no price.
    answers.length = 0
    const foreign = createPriceLookup({ apiUrl: API, fetch: fromFrame(0, 'http://evil.localhost') })
    const refused = await foreign({ chainId: 31337, projectId: 'demo', tokens: [NATIVE_TOKEN], signal: new AbortController().signal })
    expect(refused.size).toBe(0)
    expect(answers).toEqual([{ path: '/v1/fungible/price', status: 403, allowOrigin: null }])
  })
})
