import { BalanceResponse as ProtocolBalanceResponse } from '@airlock/protocol'
import { decodeFunctionData, encodeFunctionData, erc20Abi, multicall3Abi, parseUnits, toFunctionSelector, type Address } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { NATIVE_TOKEN_ADDRESS } from '../prices/caip'
import { CHAIN, DEVNET_CONTRACTS, OTHER_CHAIN, startTestDevnet, type TestDevnet } from '../../testing/devnet'
import { mountV1 } from '../prices/test-support'
import { BALANCE_CACHE_MS, balanceRoutes } from './routes'
import { BalanceResponse, type BalanceItem } from './format'

// Ports of this file's devnet (the prices and convert files use 18813-18816).
const PORTS: [number, number] = [18811, 18812]

let net: TestDevnet
let app: ReturnType<typeof mountV1>
beforeAll(async () => {
  net = await startTestDevnet(PORTS)
  app = mountV1(balanceRoutes(net.deps, { dex: net.dex }))
})
afterAll(async () => {
  await net?.stop()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const account = (i: number) => net.devnet.accounts[i]!.address
async function balances(address: string, params = `chainId=${CHAIN}`): Promise<BalanceItem[]> {
  const res = await app.request(`/v1/account/${address}/balance?currency=usd&${params}`)
  expect(res.status).toBe(200)
  const body = (await res.json()) as { balances: BalanceItem[] }
  // The documented schema (openapi.ts) describes the real response, with no field left out.
  expect(BalanceResponse.parse(body)).toEqual(body)
  // The widget parses it with the protocol's schema: the real answer must pass it unchanged.
  expect(ProtocolBalanceResponse.parse(body)).toEqual(body)
  return body.balances
}
const bySymbol = (items: BalanceItem[], symbol: string) => items.find((i) => i.symbol === symbol)

/** The JSON-RPC eth_calls sent through fetch since the spy started. */
function ethCalls(spy: { mock: { calls: unknown[][] } }): { to: string; data: `0x${string}` }[] {
  return spy.mock.calls.flatMap(([, init]) => {
    const body = JSON.parse(String((init as RequestInit | undefined)?.body ?? 'null')) as unknown
    const messages = (Array.isArray(body) ? body : [body]) as { method?: string; params?: [{ to: string; data: `0x${string}` }] }[]
    return messages.filter((m) => m?.method === 'eth_call').map((m) => m.params![0])
  })
}

describe('GET /v1/account/:address/balance on the devnet', () => {
  it('matches the chain: native and known tokens, spam and zero balances left out, priced from the pools', async () => {
    const user = account(1)
    const items = await balances(user)
    expect(items.map((i) => i.symbol)).toEqual(['ETH', 'USDC', 'DAI'])

    const eth = bySymbol(items, 'ETH')!
    const onChainEth = await net.balanceOf(NATIVE_TOKEN_ADDRESS, user)
    expect(eth).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      chainId: CHAIN,
      value: expect.any(Number),
      price: 3000,
      quantity: { decimals: '18', numeric: expect.any(String) },
      iconUrl: 'http://api.localhost:4403/public/getTokenImage/ETH',
    })
    expect(parseUnits(eth.quantity.numeric, 18)).toBe(onChainEth)
    expect(eth.value).toBeCloseTo(Number(eth.quantity.numeric) * 3000, 2)

    const usdc = bySymbol(items, 'USDC')!
    expect(usdc.address).toBe(`${CHAIN}:${DEVNET_CONTRACTS.usdc}`)
    expect(parseUnits(usdc.quantity.numeric, 6)).toBe(await net.balanceOf(DEVNET_CONTRACTS.usdc, user))
    expect(usdc).toMatchObject({ price: 1, quantity: { decimals: '6' } })
    const dai = bySymbol(items, 'DAI')!
    expect(parseUnits(dai.quantity.numeric, 18)).toBe(await net.balanceOf(DEVNET_CONTRACTS.dai, user))
    expect(dai.price).toBeCloseTo(1, 9)

    // The account does hold SPAM (airdropped) and no WETH; neither is listed.
    expect(await net.balanceOf(DEVNET_CONTRACTS.spam, user)).toBeGreaterThan(0n)
    expect(await net.balanceOf(DEVNET_CONTRACTS.weth, user)).toBe(0n)
  })

  it('reads native and every token in ONE Multicall3 batch', async () => {
    const spy = vi.spyOn(globalThis, 'fetch')
    await balances(account(2), `chainId=${CHAIN}&forceUpdate=1`)
    const balanceBatches = ethCalls(spy)
      .filter((call) => call.to.toLowerCase() === DEVNET_CONTRACTS.multicall3.toLowerCase())
      .map((call) => decodeFunctionData({ abi: multicall3Abi, data: call.data }))
      .filter((decoded) => decoded.functionName === 'aggregate3')
      .map((decoded) => decoded.args![0] as readonly { target: Address; callData: `0x${string}` }[])
      .filter((calls) => calls.some((c) => c.callData.startsWith(toFunctionSelector('getEthBalance(address)'))))
    expect(balanceBatches).toHaveLength(1)
    const [batch] = balanceBatches
    expect(batch!.map((c) => c.target)).toEqual([
      DEVNET_CONTRACTS.multicall3,
      DEVNET_CONTRACTS.usdc,
      DEVNET_CONTRACTS.dai,
      DEVNET_CONTRACTS.weth,
    ])
    expect(
      batch!.slice(1).every((c) => c.callData === encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account(2)] })),
    ).toBe(true)
  })

  it('caches 30 s per (address, chain); forceUpdate reads the chain again', async () => {
    const user = account(3)
    const usdcOf = async (params?: string) => parseUnits(bySymbol(await balances(user, params), 'USDC')!.quantity.numeric, 6)
    const start = await usdcOf()

    // A real transfer of 25 USDC away.
    const sent = await net.send(3, {
      to: DEVNET_CONTRACTS.usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account(4), parseUnits('25', 6)] }),
    })
    expect(sent.status).toBe('success')
    expect(await net.balanceOf(DEVNET_CONTRACTS.usdc, user)).toBe(start - parseUnits('25', 6))

    // Still cached, and answered without any chain request.
    const spy = vi.spyOn(globalThis, 'fetch')
    expect(await usdcOf()).toBe(start)
    expect(spy).not.toHaveBeenCalled()
    spy.mockRestore()
    // An empty forceUpdate does not force.
    expect(await usdcOf(`chainId=${CHAIN}&forceUpdate=`)).toBe(start)
    // forceUpdate (AppKit sends the swapped tokens' CAIP addresses) reads the chain and refreshes the cache.
    expect(await usdcOf(`chainId=${CHAIN}&forceUpdate=${CHAIN}:${DEVNET_CONTRACTS.usdc}`)).toBe(start - parseUnits('25', 6))
    expect(await usdcOf()).toBe(start - parseUnits('25', 6))

    // Another transfer: the entry expires 30 s after it was written, on the injected clock.
    await net.send(3, {
      to: DEVNET_CONTRACTS.usdc,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account(4), parseUnits('5', 6)] }),
    })
    net.clock.now += BALANCE_CACHE_MS - 1
    expect(await usdcOf()).toBe(start - parseUnits('25', 6))
    net.clock.now += 1
    expect(await usdcOf()).toBe(start - parseUnits('30', 6))
  })

  it('keeps chains apart, and without chainId lists every chain', async () => {
    const user = account(5)
    await net.send(5, {
      to: DEVNET_CONTRACTS.dai,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account(6), parseUnits('1000', 18)] }),
    })
    const main = await balances(user, `chainId=${CHAIN}&forceUpdate=1`)
    const other = await balances(user, `chainId=${OTHER_CHAIN}&forceUpdate=1`)
    expect(bySymbol(main, 'DAI')!.quantity.numeric).toBe('9000')
    expect(bySymbol(other, 'DAI')!.quantity.numeric).toBe('10000')
    expect(other.every((i) => i.chainId === OTHER_CHAIN)).toBe(true)
    expect(bySymbol(other, 'USDC')!.address).toBe(`${OTHER_CHAIN}:${DEVNET_CONTRACTS.usdc}`)

    const all = await balances(user, 'forceUpdate=1')
    expect(all.map((i) => `${i.chainId}/${i.symbol}`)).toEqual([
      `${CHAIN}/ETH`,
      `${CHAIN}/USDC`,
      `${CHAIN}/DAI`,
      `${OTHER_CHAIN}/ETH`,
      `${OTHER_CHAIN}/USDC`,
      `${OTHER_CHAIN}/DAI`,
    ])
  })

  it('an address that holds nothing has no balances', async () => {
    expect(await balances('0x000000000000000000000000000000000000dEaD')).toEqual([])
  })
})
