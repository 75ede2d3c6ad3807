import { HistoryResponse as ProtocolHistoryResponse } from '@airlock/protocol'
import { createServer, type Server } from 'node:http'
import { DEVNET_CONTRACTS, devnetAccounts, uniswapV2RouterAbi } from '@airlock/devnet'
import { encodeFunctionData, erc20Abi, formatEther, getAddress, maxUint256, parseEther, parseUnits, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createChainRegistry, type ChainRegistry } from '../../chains/registry'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { HistoryResponseSchema, type HistoryResponse, type HistoryTransaction } from './format'
import { startIndexer } from './indexer'
import { purchaseHistory } from '../onramp/history'
import { historyRoutes } from './routes'
import { CHAIN_A, CHAIN_B, startHistoryFixture, type HistoryFixture } from './testing'

// Ports of this file: the devnet's two chains.
const PORTS: [number, number] = [18821, 18822]

const [, alice, bob, carol, dave, erin, frank, grace] = devnetAccounts as unknown as (typeof devnetAccounts)[number][]
const USDC = DEVNET_CONTRACTS.usdc
const WETH = DEVNET_CONTRACTS.weth
const ROUTER = DEVNET_CONTRACTS.uniswapV2Router

let fx: HistoryFixture
let app: ReturnType<HistoryFixture['app']>
/** A second, empty database for the indexers of the lifecycle tests (opening PGlite takes a while). */
let spareDb: Database

async function history(account: string, query = ''): Promise<HistoryResponse> {
  const res = await app.request(`/v1/account/${account}/history?projectId=demo${query}`)
  expect(res.status).toBe(200)
  const body = (await res.json()) as HistoryResponse
  // The documented schema (openapi.ts) describes the real response, with no field left out.
  expect(HistoryResponseSchema.parse(body)).toEqual(body)
  // The widget parses it with the protocol's schema: the real answer must pass it unchanged.
  expect(ProtocolHistoryResponse.parse(body)).toEqual(body)
  return body
}

const byHash = (page: HistoryResponse, hash: string) => page.data.filter((t) => t.metadata.hash === hash)
const transferUsdc = (to: string, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] })

/** AppKit's TransactionsController.filterSpamTransactions, verbatim in behaviour. */
const appKitNonSpam = (txs: HistoryTransaction[]) => txs.filter((tx) => !tx.transfers.every((t) => t.nft_info?.flags.is_spam === true))

beforeAll(async () => {
  ;[fx, spareDb] = await Promise.all([startHistoryFixture({ ports: PORTS }), openDatabase()])
  app = fx.app(historyRoutes(fx.deps, { purchases: purchaseHistory(fx.deps.db) }))
}, 60_000)

afterAll(async () => {
  await fx?.stop()
  await spareDb?.close()
})

describe('history from the devnet', () => {
  it('a native send appears for both accounts with direction, amount, hash and minedAt', async () => {
    const receipt = await fx.send(alice!.privateKey, { to: bob!.address, value: parseEther('1.25') })
    await fx.indexed(receipt)
    const block = await fx.reader().getBlock({ blockNumber: receipt.blockNumber })
    const tx = await fx.reader().getTransaction({ hash: receipt.transactionHash })

    const [sent] = byHash(await history(alice!.address), receipt.transactionHash)
    expect(sent).toEqual({
      id: `${receipt.transactionHash}:${CHAIN_A}`,
      metadata: {
        operationType: 'send',
        hash: receipt.transactionHash,
        minedAt: new Date(Number(block.timestamp) * 1000).toISOString(),
        sentFrom: alice!.address,
        sentTo: bob!.address,
        status: 'confirmed',
        nonce: tx.nonce,
        chain: CHAIN_A,
      },
      transfers: [{ fungible_info: { name: 'Ether', symbol: 'ETH' }, direction: 'out', quantity: { numeric: '1.25' }, value: 0, price: 0 }],
    })
    const [received] = byHash(await history(bob!.address), receipt.transactionHash)
    expect(received?.metadata.operationType).toBe('receive')
    expect(received?.transfers).toEqual([{ ...sent!.transfers[0], direction: 'in' }])
  })

  it('an ERC-20 transfer appears for both accounts with the token metadata and USD value', async () => {
    const receipt = await fx.send(alice!.privateKey, { to: USDC, data: transferUsdc(bob!.address, parseUnits('12.5', 6)) })
    await fx.indexed(receipt)
    const [sent] = byHash(await history(alice!.address), receipt.transactionHash)
    const [received] = byHash(await history(bob!.address.toLowerCase()), receipt.transactionHash)
    expect(sent?.metadata).toMatchObject({ operationType: 'send', sentFrom: alice!.address, sentTo: getAddress(USDC), status: 'confirmed' })
    expect(sent?.transfers).toEqual([
      {
        fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: expect.stringMatching(/^data:image\/svg\+xml,/) } },
        direction: 'out',
        quantity: { numeric: '12.5' },
        value: 12.5,
        price: 1,
      },
    ])
    expect(received?.metadata.operationType).toBe('receive')
    expect(received?.transfers[0]?.direction).toBe('in')
  })

  it('a self-transfer has direction self', async () => {
    const receipt = await fx.send(alice!.privateKey, { to: alice!.address, value: 7n })
    await fx.indexed(receipt)
    const [entry] = byHash(await history(alice!.address), receipt.transactionHash)
    expect(entry?.metadata.operationType).toBe('send')
    expect(entry?.transfers.map((t) => [t.direction, t.quantity.numeric])).toEqual([['self', '0.000000000000000007']])
  })

  it('the spam airdrop is flagged is_spam, and AppKit’s spam filter drops it', async () => {
    const page = await history(bob!.address, `&limit=50&chainId=${CHAIN_A}`)
    const spam = page.data.filter((t) => t.transfers.some((x) => x.fungible_info.symbol === 'SPAM'))
    expect(spam).toHaveLength(1)
    expect(spam[0]!.metadata.operationType).toBe('receive')
    expect(spam[0]!.transfers).toEqual([
      {
        fungible_info: { name: 'Free Airdrop Reward', symbol: 'SPAM' },
        nft_info: { name: 'Free Airdrop Reward', flags: { is_spam: true } },
        direction: 'in',
        quantity: { numeric: '1000' },
        value: 0,
        price: 0,
      },
    ])
    const receipt = await fx.reader().getTransactionReceipt({ hash: spam[0]!.metadata.hash as Hex })
    expect(receipt.contractAddress && getAddress(receipt.contractAddress)).toBe(getAddress(DEVNET_CONTRACTS.spam))
    expect(appKitNonSpam(page.data).some((t) => t.metadata.hash === spam[0]!.metadata.hash)).toBe(false)
    expect(appKitNonSpam(page.data).length).toBe(page.data.length - 1)
  })

  it('a Uniswap swap through the router is one trade entry with both legs (token out, ETH in via WETH unwrap)', async () => {
    const approve = await fx.send(carol!.privateKey, {
      to: USDC,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, maxUint256] }),
    })
    const amountIn = parseUnits('1000', 6)
    const [, ethOut] = await fx
      .reader()
      .readContract({ address: ROUTER, abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [amountIn, [USDC, WETH]] })
    const balanceBefore = await fx.reader().getBalance({ address: carol!.address })
    const swap = await fx.send(carol!.privateKey, {
      to: ROUTER,
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactTokensForETH',
        args: [amountIn, 0n, [USDC, WETH], carol!.address, maxUint256],
      }),
    })
    expect(swap.status).toBe('success')
    const balanceAfter = await fx.reader().getBalance({ address: carol!.address })
    expect(balanceAfter - balanceBefore + swap.gasUsed * swap.effectiveGasPrice).toBe(ethOut) // the chain agrees on the ETH leg
    await fx.indexed(swap)

    const page = await history(carol!.address)
    expect(byHash(page, approve.transactionHash)[0]).toMatchObject({ metadata: { operationType: 'approve' }, transfers: [] })
    const entries = byHash(page, swap.transactionHash)
    expect(entries).toHaveLength(1)
    expect(entries[0]!.metadata).toMatchObject({ operationType: 'trade', sentFrom: carol!.address, sentTo: getAddress(ROUTER) })
    expect(entries[0]!.transfers.map((t) => [t.direction, t.fungible_info.symbol, t.quantity.numeric])).toEqual([
      ['out', 'USDC', '1000'],
      ['in', 'ETH', formatEther(ethOut!)],
    ])
  })

  it('an ETH -> token swap is a trade too (native value out, token in)', async () => {
    const [, usdcOut] = await fx.reader().readContract({
      address: ROUTER,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [parseEther('0.5'), [WETH, USDC]],
    })
    const swap = await fx.send(carol!.privateKey, {
      to: ROUTER,
      value: parseEther('0.5'),
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [WETH, USDC], carol!.address, maxUint256],
      }),
    })
    await fx.indexed(swap)
    const [entry] = byHash(await history(carol!.address), swap.transactionHash)
    expect(entry?.metadata.operationType).toBe('trade')
    expect(entry?.transfers.map((t) => [t.direction, t.fungible_info.symbol, t.quantity.numeric])).toEqual([
      ['out', 'ETH', '0.5'],
      ['in', 'USDC', (Number(usdcOut) / 1e6).toString()],
    ])
  })

  it('a reverted transaction is listed for its sender as failed, without transfers', async () => {
    const receipt = await fx.send(grace!.privateKey, {
      to: USDC,
      data: transferUsdc(bob!.address, parseUnits('99999999', 6)),
      gas: 100_000n,
    })
    expect(receipt.status).toBe('reverted')
    await fx.indexed(receipt)
    const [entry] = byHash(await history(grace!.address), receipt.transactionHash)
    expect(entry?.metadata).toMatchObject({ status: 'failed', operationType: 'send' })
    expect(entry?.transfers).toEqual([])
    expect(byHash(await history(bob!.address, '&limit=50'), receipt.transactionHash)).toEqual([])
  })

  it('chainId filters to one chain; without it every chain is listed', async () => {
    const onB = await fx.send(frank!.privateKey, { to: bob!.address, value: 1000n }, CHAIN_B)
    const onA = await fx.send(frank!.privateKey, { to: bob!.address, value: 2000n }, CHAIN_A)
    await fx.indexed(onB, CHAIN_B)
    await fx.indexed(onA, CHAIN_A)

    const all = await history(frank!.address)
    expect(new Set(all.data.map((t) => t.metadata.chain))).toEqual(new Set([CHAIN_A, CHAIN_B]))
    const onlyB = await history(frank!.address, `&chainId=${CHAIN_B}`)
    expect(onlyB.data.length).toBeGreaterThan(0)
    expect(onlyB.data.every((t) => t.metadata.chain === CHAIN_B)).toBe(true)
    expect(byHash(onlyB, onB.transactionHash)).toHaveLength(1)
    expect(byHash(onlyB, onA.transactionHash)).toHaveLength(0)
    // Older AppKit sent the numeric chain id; a CAIP-10 account implies its chain.
    expect((await history(frank!.address, '&chainId=31338')).data).toEqual(onlyB.data)
    expect((await history(`${CHAIN_B}:${frank!.address}`)).data).toEqual(onlyB.data)
    const onlyA = await history(frank!.address, `&chainId=${CHAIN_A}`)
    expect(byHash(onlyA, onA.transactionHash)).toHaveLength(1)
    expect(onlyA.data.every((t) => t.metadata.chain === CHAIN_A)).toBe(true)
  })

  it('cursor paging covers every entry exactly once, newest first, stable under new inserts', async () => {
    const sent: string[] = []
    for (let i = 0; i < 22; i++) {
      const r = await fx.send(dave!.privateKey, { to: erin!.address, value: BigInt(i + 1) })
      sent.push(r.transactionHash)
    }
    await fx.indexed(await fx.reader().getTransactionReceipt({ hash: sent.at(-1) as Hex }))
    const everything = await history(dave!.address, '&limit=50')
    expect(everything.next).toBeNull()
    expect(everything.data.length).toBeGreaterThanOrEqual(24) // 22 sends + the USDC/DAI mints and the airdrop
    const minedAt = everything.data.map((t) => Date.parse(t.metadata.minedAt))
    expect([...minedAt].sort((a, b) => b - a)).toEqual(minedAt)

    const first = await history(dave!.address, '&limit=10')
    expect(first.data).toEqual(everything.data.slice(0, 10))
    expect(first.next).toEqual(expect.any(String))
    // New transactions land while the client pages: they must not shift the later pages.
    const late = await fx.send(dave!.privateKey, { to: erin!.address, value: 999n })
    await fx.indexed(late)

    const seen = [...first.data]
    let next = first.next
    while (next) {
      const page = await history(dave!.address, `&limit=10&cursor=${encodeURIComponent(next)}`)
      expect(page.data.length).toBeLessThanOrEqual(10)
      seen.push(...page.data)
      next = page.next
    }
    expect(seen.map((t) => t.id)).toEqual(everything.data.map((t) => t.id))
    expect(new Set(seen.map((t) => t.id)).size).toBe(seen.length)
    expect(sent.every((hash) => seen.some((t) => t.metadata.hash === hash))).toBe(true)
    // The late one is on a fresh first page.
    expect((await history(dave!.address, '&limit=10')).data[0]?.metadata.hash).toBe(late.transactionHash)
  })

  it('rejects an invalid address, cursor, chainId, limit and on-ramp provider with 400', async () => {
    const valid = await history(dave!.address, '&limit=10')
    const cases = [
      `/v1/account/0x123/history?projectId=demo`,
      `/v1/account/not-an-address/history?projectId=demo`,
      `/v1/account/solana:mainnet:${dave!.address}/history?projectId=demo`,
      `/v1/account/eip155:abc:${dave!.address}/history?projectId=demo`,
      `/v1/account/${dave!.address}/history?cursor=bogus`,
      `/v1/account/${dave!.address}/history?cursor=${Buffer.from('{"v":1,"k":"t"}').toString('base64url')}`,
      // A block number past Postgres' bigint (it was a 500).
      `/v1/account/${dave!.address}/history?cursor=${Buffer.from('{"v":1,"k":"t","m":"2025-01-01T00:00:00Z","c":"eip155:31337","b":"99999999999999999999","i":0}').toString('base64url')}`,
      // A chain-history cursor is not an on-ramp cursor.
      `/v1/account/${dave!.address}/history?onramp=coinbase&cursor=${valid.next}`,
      `/v1/account/${dave!.address}/history?chainId=eip155`,
      `/v1/account/${dave!.address}/history?chainId=${CHAIN_A}%20OR%201=1`,
      `/v1/account/${dave!.address}/history?limit=500`,
      `/v1/account/${dave!.address}/history?limit=2`,
      `/v1/account/${dave!.address}/history?onramp=paypal`,
      `/v1/account/${CHAIN_A}:${dave!.address}/history?chainId=${CHAIN_B}`,
    ]
    for (const path of cases) {
      const res = await app.request(path)
      expect(res.status, path).toBe(400)
      const body = (await res.json()) as { status: number; reasons: { description: string }[] }
      expect(body.status).toBe(400)
      expect(body.reasons[0]?.description).toEqual(expect.any(String))
    }
  })

  it('an unsupported chain answers empty without touching storage or a node', async () => {
    const query = vi.spyOn(fx.db, 'query')
    const client = vi.spyOn(fx.chains, 'client')
    try {
      for (const chainId of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '10']) {
        const res = await app.request(`/v1/account/${alice!.address}/history?chainId=${chainId}`)
        expect(res.status).toBe(200)
        expect(await res.json()).toEqual({ data: [], next: null })
      }
      expect(query).not.toHaveBeenCalled()
      expect(client).not.toHaveBeenCalled()
    } finally {
      query.mockRestore()
      client.mockRestore()
    }
  })

  it('an account with no history gets an empty page', async () => {
    expect(await history('0x000000000000000000000000000000000000dEaD')).toEqual({ data: [], next: null })
  })
})

describe('indexer lifecycle', () => {
  it('resumes from the last indexed block after a restart, without duplicates', async () => {
    const before = await fx.indexer.waitFor(CHAIN_A).then(() => fx.indexer.status()[CHAIN_A]!.lastBlock!)
    await fx.indexer.stop()
    const counts = async () => (await fx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM history_entries')).rows[0]!.n

    // Blocks mined while the indexer is stopped.
    const whileStopped = await fx.send(alice!.privateKey, { to: erin!.address, value: 5n })
    const entriesBefore = Number(await counts())

    const fetched: bigint[] = []
    const chains = spyingRegistry(fx.chains, fetched)
    fx.indexer = startIndexer({ db: fx.db, chains, tokens: fx.tokens, pollMs: 25 })
    await fx.indexer.waitFor(CHAIN_A, whileStopped.blockNumber)
    // Only the block it stopped at (to check the chain is the same one) and the new blocks.
    expect(fetched.filter((n) => n !== before).every((n) => n > before)).toBe(true)
    expect(fetched.filter((n) => n === before)).toHaveLength(1)
    expect(fetched).toContain(whileStopped.blockNumber)
    const [entry] = byHash(await history(erin!.address), whileStopped.transactionHash)
    expect(entry?.metadata.operationType).toBe('receive')
    expect(Number(await counts())).toBe(entriesBefore + 2) // alice's send and erin's receive, once each

    // Replaying already stored blocks (progress moved back) changes nothing: unique keys.
    await fx.indexer.stop()
    const snapshot = await fx.db.query('SELECT * FROM history_entries ORDER BY chain, tx_hash, account')
    const from = whileStopped.blockNumber > 5n ? whileStopped.blockNumber - 5n : 1n
    const { hash } = await fx.reader().getBlock({ blockNumber: from })
    await fx.db.query('UPDATE history_progress SET last_block = $2, last_block_hash = $3 WHERE chain = $1', [
      CHAIN_A,
      from.toString(),
      hash,
    ])
    const log = vi.fn()
    const replay = startIndexer({ db: fx.db, chains: fx.chains, tokens: fx.tokens, pollMs: 25, log })
    fx.indexer = replay
    await replay.waitFor(CHAIN_A)
    expect((await fx.db.query('SELECT * FROM history_entries ORDER BY chain, tx_hash, account')).rows).toEqual(snapshot.rows)
    expect(log).not.toHaveBeenCalled() // a replay, not a reset
  })

  it('survives the node going down: logs once, keeps retrying, resumes when it is back', async () => {
    const anvil = fx.devnet.chains.find((c) => c.caipNetworkId === CHAIN_A)!
    const proxy = await startToggleProxy(anvil.rpcUrl)
    const log = vi.fn()
    const indexer = startIndexer({
      db: spareDb,
      chains: createChainRegistry({ [CHAIN_A]: proxy.url }),
      tokens: fx.tokens,
      pollMs: 20,
      maxBackoffMs: 100,
      log,
    })
    try {
      await indexer.waitFor(CHAIN_A)
      await proxy.down()
      await new Promise((r) => setTimeout(r, 700))
      expect(indexer.status()[CHAIN_A]?.up).toBe(false)
      expect(log).toHaveBeenCalledTimes(1)
      expect(log.mock.calls[0]![0]).toMatch(/eip155:31337: .*retrying with backoff/)

      const meanwhile = await fx.send(bob!.privateKey, { to: dave!.address, value: 123n })
      await proxy.up()
      await indexer.waitFor(CHAIN_A, meanwhile.blockNumber, 5000)
      expect(indexer.status()[CHAIN_A]?.up).toBe(true)
      expect(log).toHaveBeenCalledTimes(2)
      expect(log.mock.calls[1]![0]).toMatch(/reachable again/)
      const { rows } = await spareDb.query(
        'SELECT account, operation_type FROM history_entries WHERE tx_hash = $1 ORDER BY operation_type',
        [meanwhile.transactionHash.toLowerCase()],
      )
      expect(rows).toEqual([
        { account: dave!.address.toLowerCase(), operation_type: 'receive' },
        { account: bob!.address.toLowerCase(), operation_type: 'send' },
      ])
    } finally {
      await indexer.stop()
      await proxy.close()
    }
  })

  it('stop() is prompt and idempotent, and waitFor rejects once stopped', async () => {
    const indexer = startIndexer({ db: spareDb, chains: fx.chains, tokens: fx.tokens, pollMs: 25, only: [CHAIN_B] })
    await indexer.waitFor(CHAIN_B)
    const pending = expect(indexer.waitFor(CHAIN_B, 10_000_000n, 60_000)).rejects.toThrow(/stopped/)
    const started = Date.now()
    await Promise.all([indexer.stop(), indexer.stop()])
    expect(Date.now() - started).toBeLessThan(1000)
    await pending
    await expect(indexer.waitFor(CHAIN_B)).rejects.toThrow(/stopped/)
    await expect(indexer.waitFor(CHAIN_A)).rejects.toThrow(/does not follow/)
  })
})

/** A registry whose clients record every block number fetched with getBlock. */
function spyingRegistry(inner: ChainRegistry, fetched: bigint[]): ChainRegistry {
  return {
    supported: () => inner.supported(),
    family: inner.family,
    client(chain) {
      const client = inner.client(chain)
      if (!client || chain !== CHAIN_A) return client
      return {
        ...client,
        getBlock: ((args: { blockNumber: bigint }) => {
          fetched.push(args.blockNumber)
          return client.getBlock(args as never)
        }) as typeof client.getBlock,
      }
    },
  }
}

/** An HTTP forwarder in front of a node that can be switched off (connection refused) and on again, same port. */
async function startToggleProxy(target: string) {
  let server: Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = []
        req.on('data', (c: Buffer) => chunks.push(c))
        req.on('end', () => {
          fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
            .then(async (r) => {
              res.writeHead(r.status, { 'content-type': 'application/json' })
              res.end(await r.text())
            })
            .catch(() => res.destroy())
        })
      })
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address()
        port = typeof address === 'object' && address ? address.port : 0
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve()
      server.closeAllConnections()
      server.close(() => resolve())
      server = undefined
    })
  await listen()
  return { url: `http://127.0.0.1:${port}`, down: stop, up: listen, close: stop }
}
