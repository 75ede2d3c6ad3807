import { uniswapV2RouterAbi } from '@airlock/devnet'
import { Hono } from 'hono'
import { encodeFunctionData, erc20Abi, maxUint256, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { balanceRoutes } from '../balance/routes'
import type { BalanceItem } from '../balance/format'
import { NATIVE_TOKEN_ADDRESS } from '../prices/caip'
import { CHAIN, DEVNET_CONTRACTS, startTestDevnet, type TestDevnet } from '../../testing/devnet'
import { mountV1, postJson } from '../prices/test-support'
import {
  ConvertAllowanceResponse,
  ConvertBuildApproveResponse,
  ConvertBuildTransactionResponse,
  ConvertGasPriceResponse,
  ConvertQuotesResponse,
  ConvertTokensResponse,
} from '@airlock/protocol'
import { GasPricesSchema } from './gas'
import { AllowanceResponse, BuildApproveResponse, BuildTransactionResponse, convertRoutes, QuotesResponse, TokensResponse } from './routes'

// Ports of this file's devnet (balance uses 18811-18812, prices 18813-18814).
const PORTS: [number, number] = [18815, 18816]

let net: TestDevnet
let app: ReturnType<typeof mountV1>
beforeAll(async () => {
  net = await startTestDevnet(PORTS)
  const routes = new Hono<{ Variables: ApiVariables }>()
  routes.route('/', convertRoutes(net.deps, { dex: net.dex }))
  routes.route('/', balanceRoutes(net.deps, { dex: net.dex }))
  app = mountV1(routes)
})
afterAll(async () => {
  await net?.stop()
})

const ETH = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
const USDC = `${CHAIN}:${DEVNET_CONTRACTS.usdc}`
const DAI = `${CHAIN}:${DEVNET_CONTRACTS.dai}`
const plain = (caip10: string) => caip10.split(':')[2] as Address
const user = (i: number) => net.devnet.accounts[i]!.address

/** The documented response schemas (openapi.ts): every 200 of these paths below is checked against its schema. */
const RESPONSE_SCHEMAS: Record<string, { parse(value: unknown): unknown }> = {
  '/convert/tokens': TokensResponse,
  '/convert/quotes': QuotesResponse,
  '/convert/allowance': AllowanceResponse,
  '/convert/gas-price': GasPricesSchema,
  '/convert/build-approve': BuildApproveResponse,
  '/convert/build-transaction': BuildTransactionResponse,
}
/** The widget parses the same answers with @airlock/protocol's zod/mini schemas: real answers must pass them too. */
const PROTOCOL_SCHEMAS: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }> = {
  '/convert/tokens': ConvertTokensResponse,
  '/convert/quotes': ConvertQuotesResponse,
  '/convert/allowance': ConvertAllowanceResponse,
  '/convert/gas-price': ConvertGasPriceResponse,
  '/convert/build-approve': ConvertBuildApproveResponse,
  '/convert/build-transaction': ConvertBuildTransactionResponse,
}
function matchesSchema(path: string, body: unknown) {
  const key = path.split('?')[0]!
  const schema = RESPONSE_SCHEMAS[key]
  if (schema) expect(schema.parse(body), path).toEqual(body)
  const protocol = PROTOCOL_SCHEMAS[key]
  if (protocol) expect(protocol.safeParse(body), path).toEqual({ success: true, data: body })
}

async function getJson<T>(path: string, status = 200): Promise<T> {
  const res = await app.request(`/v1${path}`)
  expect(res.status, await res.clone().text()).toBe(status)
  const body = (await res.json()) as T
  if (status === 200) matchesSchema(path, body)
  return body
}
async function postJsonOk<T>(path: string, body: unknown): Promise<T> {
  const res = await app.request(`/v1${path}`, postJson(body))
  expect(res.status, await res.clone().text()).toBe(200)
  const json = (await res.json()) as T
  matchesSchema(path, json)
  return json
}
const q = (params: Record<string, string>) => new URLSearchParams(params).toString()

type Quote = { quotes: { id: string | null; fromAmount: string; fromAccount: string; toAmount: string; toAccount: string }[] }
type SwapTx = { tx: { from: string; to: string; data: Hex; amount: string; value: string; eip155: { gas: string; gasPrice: string } } }
type ApproveTx = { tx: { from: string; to: string; data: Hex; value: string; eip155: { gasPrice: string } } }

/** The best router answer among the direct path and the paths through WETH and USDC, read directly. */
async function routerBest(from: Address, to: Address, amount: bigint): Promise<bigint> {
  const hubs = [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc].filter((h) => h !== from && h !== to)
  const paths: Address[][] = [[from, to], ...hubs.map((h) => [from, h, to])]
  const outs = await Promise.all(
    paths.map((path) =>
      net
        .client()
        .readContract({
          address: DEVNET_CONTRACTS.uniswapV2Router,
          abi: uniswapV2RouterAbi,
          functionName: 'getAmountsOut',
          args: [amount, path],
        })
        .then((amounts) => amounts.at(-1)!)
        .catch(() => 0n),
    ),
  )
  return outs.reduce((a, b) => (b > a ? b : a), 0n)
}

async function balanceViaApi(address: Address, symbol: string): Promise<string | undefined> {
  const { balances } = await getJson<{ balances: BalanceItem[] }>(
    `/account/${address}/balance?${q({ currency: 'usd', chainId: CHAIN, forceUpdate: `${ETH},${USDC}` })}`,
  )
  return balances.find((b) => b.symbol === symbol)?.quantity.numeric
}

describe('convert endpoints on the devnet', () => {
  it('quotes equal the router’s getAmountsOut over the best path', async () => {
    for (const [from, to, amount] of [
      [ETH, USDC, parseEther('1')],
      [USDC, DAI, parseUnits('1234.5', 6)],
      [DAI, ETH, parseUnits('3000', 18)],
      [USDC, ETH, 1n],
    ] as const) {
      const { quotes } = await getJson<Quote>(
        `/convert/quotes?${q({ amount: amount.toString(), userAddress: user(0), from, to, gasPrice: '1000000000' })}`,
      )
      const fromPool = from === ETH ? DEVNET_CONTRACTS.weth : plain(from)
      const toPool = to === ETH ? DEVNET_CONTRACTS.weth : plain(to)
      expect(quotes).toEqual([
        {
          id: null,
          fromAmount: amount.toString(),
          fromAccount: from,
          toAmount: (await routerBest(fromPool, toPool, amount)).toString(),
          toAccount: to,
        },
      ])
    }
    // 1 ETH is about 3000 USDC less the 0.3 % fee and the price impact.
    const { quotes } = await getJson<Quote>(
      `/convert/quotes?${q({ amount: parseEther('1').toString(), userAddress: user(0), from: ETH, to: USDC, gasPrice: '1' })}`,
    )
    expect(Number(quotes[0]!.toAmount) / 1e6).toBeGreaterThan(2980)
    expect(Number(quotes[0]!.toAmount) / 1e6).toBeLessThan(3000)
  })

  it('an amount no pool can take is a 400 naming insufficient liquidity', async () => {
    const res = await app.request(
      `/v1/convert/quotes?${q({ amount: (maxUint256 / 2n).toString(), userAddress: user(0), from: USDC, to: DAI, gasPrice: '1' })}`,
    )
    expect(res.status).toBe(400)
    expect(((await res.json()) as { reasons: { description: string }[] }).reasons[0]!.description).toContain('insufficient liquidity')
  })

  it('gas prices are wei strings around the chain’s base fee, standard <= fast <= instant', async () => {
    const prices = await getJson<{ standard: string; fast: string; instant: string }>(`/convert/gas-price?chainId=${CHAIN}`)
    for (const value of Object.values(prices)) expect(value).toMatch(/^[0-9]+$/)
    const block = await net.client().getBlock({ blockTag: 'latest' })
    expect(BigInt(prices.standard)).toBeGreaterThanOrEqual((block.baseFeePerGas! * 7n) / 8n)
    expect(BigInt(prices.fast)).toBeGreaterThanOrEqual(BigInt(prices.standard))
    expect(BigInt(prices.instant)).toBeGreaterThanOrEqual(BigInt(prices.fast))
    expect(BigInt(prices.instant)).toBeLessThan(block.baseFeePerGas! * 4n + 10n ** 10n)
  })

  it('MUST-SHOW: ETH -> USDC, built by build-transaction and sent from a devnet account, moves the balances as quoted (no approval)', async () => {
    const index = 1
    const me = user(index)
    const amount = parseEther('2')
    const allowance = await getJson<{ allowance: string }>(`/convert/allowance?${q({ tokenAddress: ETH, userAddress: `${CHAIN}:${me}` })}`)
    expect(allowance).toEqual({ allowance: maxUint256.toString() })

    const { quotes } = await getJson<Quote>(
      `/convert/quotes?${q({ amount: amount.toString(), userAddress: me, from: ETH, to: USDC, gasPrice: '1' })}`,
    )
    const quoted = BigInt(quotes[0]!.toAmount)
    const { tx } = await postJsonOk<SwapTx>('/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: 1 },
      projectId: 'demo',
      from: ETH,
      to: USDC,
      userAddress: `${CHAIN}:${me}`,
    })
    expect(tx).toMatchObject({
      from: `${CHAIN}:${me}`,
      to: `${CHAIN}:${DEVNET_CONTRACTS.uniswapV2Router}`,
      amount: quoted.toString(),
      value: amount.toString(),
    })
    expect(
      tx.data.startsWith(
        encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: 'swapExactETHForTokens', args: [0n, [], me, 0n] }).slice(0, 10),
      ),
    ).toBe(true)

    const ethBefore = await net.balanceOf(NATIVE_TOKEN_ADDRESS, me)
    const usdcBefore = await net.balanceOf(DEVNET_CONTRACTS.usdc, me)
    // Sent as AppKit does: to = plain address of tx.to, value = the source amount, gas and gasPrice from the response.
    const receipt = await net.send(index, {
      to: plain(tx.to),
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas),
      gasPrice: BigInt(tx.eip155.gasPrice),
    })
    expect(receipt.status).toBe('success')

    const received = (await net.balanceOf(DEVNET_CONTRACTS.usdc, me)) - usdcBefore
    // Nothing else traded in between: exactly the quote, and in any case within the 1 % slippage.
    expect(received).toBe(quoted)
    expect(received).toBeGreaterThanOrEqual((quoted * 99n) / 100n)
    expect(ethBefore - (await net.balanceOf(NATIVE_TOKEN_ADDRESS, me))).toBe(amount + receipt.gasUsed * receipt.effectiveGasPrice)
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(tx.eip155.gas))
    // The balance endpoint (forceUpdate, as AppKit after a swap) shows it.
    expect(parseUnits((await balanceViaApi(me, 'USDC'))!, 6)).toBe(usdcBefore + quoted)
  })

  it('MUST-SHOW: USDC -> DAI through build-approve then build-transaction moves the balances as quoted; the allowance endpoint reflects the approval', async () => {
    const index = 2
    const me = user(index)
    const amount = parseUnits('500', 6)
    const allowanceOf = async () =>
      (await getJson<{ allowance: string }>(`/convert/allowance?${q({ tokenAddress: USDC, userAddress: `${CHAIN}:${me}` })}`)).allowance
    expect(await allowanceOf()).toBe('0')

    // Approval, as AppKit: userAddress CAIP-10, from/to the tokens, sent to the address in tx.from.
    const approve = await getJson<ApproveTx>(
      `/convert/build-approve?${q({ userAddress: `${CHAIN}:${me}`, from: USDC, to: DAI, amount: amount.toString() })}`,
    )
    expect(approve.tx).toEqual({
      from: USDC,
      to: USDC,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEVNET_CONTRACTS.uniswapV2Router, amount] }),
      value: '0',
      eip155: { gasPrice: expect.stringMatching(/^[0-9]+$/) },
    })
    const approval = await net.send(index, {
      to: plain(approve.tx.from),
      data: approve.tx.data,
      value: BigInt(approve.tx.value),
      gasPrice: BigInt(approve.tx.eip155.gasPrice),
    })
    expect(approval.status).toBe('success')
    expect(await allowanceOf()).toBe(amount.toString())

    const { quotes } = await getJson<Quote>(
      `/convert/quotes?${q({ amount: amount.toString(), userAddress: me, from: USDC, to: DAI, gasPrice: '1' })}`,
    )
    const quoted = BigInt(quotes[0]!.toAmount)
    expect(quoted).toBe(await routerBest(DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.dai, amount))
    const { tx } = await postJsonOk<SwapTx>('/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: '0.5' },
      projectId: 'demo',
      from: USDC,
      to: DAI,
      userAddress: `${CHAIN}:${me}`,
    })
    expect(tx).toMatchObject({ to: `${CHAIN}:${DEVNET_CONTRACTS.uniswapV2Router}`, value: '0', amount: quoted.toString() })

    const usdcBefore = await net.balanceOf(DEVNET_CONTRACTS.usdc, me)
    const daiBefore = await net.balanceOf(DEVNET_CONTRACTS.dai, me)
    const receipt = await net.send(index, {
      to: plain(tx.to),
      data: tx.data,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas),
      gasPrice: BigInt(tx.eip155.gasPrice),
    })
    expect(receipt.status).toBe('success')
    expect(usdcBefore - (await net.balanceOf(DEVNET_CONTRACTS.usdc, me))).toBe(amount)
    const received = (await net.balanceOf(DEVNET_CONTRACTS.dai, me)) - daiBefore
    expect(received).toBe(quoted)
    expect(received).toBeGreaterThanOrEqual((quoted * 995n) / 1000n)
    // The exact approval was spent.
    expect(await allowanceOf()).toBe('0')
    expect(parseUnits((await balanceViaApi(me, 'DAI'))!, 18)).toBe(daiBefore + quoted)
  })

  it('DAI -> ETH (native out) with an unlimited approval, as AppKit asks without an amount', async () => {
    const index = 3
    const me = user(index)
    const amount = parseUnits('300', 18)
    const approve = await getJson<ApproveTx>(`/convert/build-approve?${q({ userAddress: `${CHAIN}:${me}`, from: DAI, to: ETH })}`)
    expect(approve.tx.data).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEVNET_CONTRACTS.uniswapV2Router, maxUint256] }),
    )
    expect(
      (await net.send(index, { to: plain(approve.tx.from), data: approve.tx.data, gasPrice: BigInt(approve.tx.eip155.gasPrice) })).status,
    ).toBe('success')

    const { tx } = await postJsonOk<SwapTx>('/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: 1 },
      from: DAI,
      to: ETH,
      userAddress: me,
      disableEstimate: true,
    })
    expect(tx.value).toBe('0')
    // disableEstimate: the fallback limit, 200k for a direct path and 300k through a hub.
    expect(['200000', '300000']).toContain(tx.eip155.gas)
    const ethBefore = await net.balanceOf(NATIVE_TOKEN_ADDRESS, me)
    const receipt = await net.send(index, {
      to: plain(tx.to),
      data: tx.data,
      gas: BigInt(tx.eip155.gas),
      gasPrice: BigInt(tx.eip155.gasPrice),
    })
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThan(BigInt(tx.eip155.gas))
    const ethAfter = await net.balanceOf(NATIVE_TOKEN_ADDRESS, me)
    expect(ethAfter - ethBefore + receipt.gasUsed * receipt.effectiveGasPrice).toBe(BigInt(tx.amount))
  })

  it('the swap reverts when the price moves beyond the slippage before it is mined', async () => {
    const index = 4
    const me = user(index)
    const { tx } = await postJsonOk<SwapTx>('/convert/build-transaction', {
      amount: parseEther('1').toString(),
      eip155: { slippage: 1 },
      from: ETH,
      to: USDC,
      userAddress: `${CHAIN}:${me}`,
    })
    // Someone else sells 30 ETH first: the pool price drops by about 6 %.
    const other = user(5)
    const front = await net.send(5, {
      to: DEVNET_CONTRACTS.uniswapV2Router,
      value: parseEther('30'),
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc], other, BigInt(Math.floor(Date.now() / 1000) + 600)],
      }),
    })
    expect(front.status).toBe('success')
    const usdcBefore = await net.balanceOf(DEVNET_CONTRACTS.usdc, me)
    const call = { to: plain(tx.to), data: tx.data, value: BigInt(tx.value) }
    await expect(net.client().call({ account: me, ...call })).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
    const receipt = await net.send(index, { ...call, gas: BigInt(tx.eip155.gas), gasPrice: BigInt(tx.eip155.gasPrice) })
    expect(receipt.status).toBe('reverted')
    expect(await net.balanceOf(DEVNET_CONTRACTS.usdc, me)).toBe(usdcBefore)
  })
})
