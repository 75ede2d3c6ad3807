import { uniswapV2PairAbi, uniswapV2RouterAbi, DEVNET_PAIRS } from '@airlock/devnet'
import { encodeFunctionData, formatUnits, parseEther, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FungiblePriceResponse } from '@airlock/protocol'
import { NATIVE_TOKEN_ADDRESS } from './caip'
import { CHAIN, DEVNET_CONTRACTS, OTHER_CHAIN, startTestDevnet, type TestDevnet } from '../../testing/devnet'
import { PriceResponse, pricesRoutes, type FungiblePrice } from './routes'
import { mountV1, postJson } from './test-support'

// Ports of this file's devnet (balance uses 18811-18812, convert 18815-18816).
const PORTS: [number, number] = [18813, 18814]

let net: TestDevnet
let app: ReturnType<typeof mountV1>
beforeAll(async () => {
  net = await startTestDevnet(PORTS)
  app = mountV1(pricesRoutes(net.deps, { dex: net.dex }))
})
afterAll(async () => {
  await net?.stop()
})

async function prices(addresses: string[]): Promise<FungiblePrice[]> {
  const res = await app.request('/v1/fungible/price?projectId=demo', postJson({ currency: 'usd', addresses, projectId: 'demo' }))
  expect(res.status).toBe(200)
  const body = (await res.json()) as { fungibles: FungiblePrice[] }
  // The documented schema (openapi.ts) describes the real response, with no field left out.
  expect(PriceResponse.parse(body)).toEqual(body)
  // And the widget's schema (@airlock/protocol) reads it whole.
  expect(FungiblePriceResponse.safeParse(body)).toEqual({ success: true, data: body })
  return body.fungibles
}

/** WETH/USDC mid price read straight from the pair. */
async function ethUsdFromPair(caip2 = CHAIN): Promise<number> {
  const [r0, r1] = await net
    .client(caip2)
    .readContract({ address: DEVNET_PAIRS.ethUsdc, abi: uniswapV2PairAbi, functionName: 'getReserves' })
  const wethIs0 = DEVNET_CONTRACTS.weth.toLowerCase() < DEVNET_CONTRACTS.usdc.toLowerCase()
  const [weth, usdc] = wethIs0 ? [r0, r1] : [r1, r0]
  return Number(formatUnits(usdc, 6)) / Number(formatUnits(weth, 18))
}

describe('POST /v1/fungible/price on the devnet', () => {
  it('prices ETH ≈ 3000 from the ETH/USDC pool, USDC at 1 and DAI ≈ 1, in request order', async () => {
    const fungibles = await prices([
      `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`,
      `${CHAIN}:${DEVNET_CONTRACTS.usdc}`,
      `${CHAIN}:${DEVNET_CONTRACTS.dai.toLowerCase()}`,
      `${CHAIN}:${DEVNET_CONTRACTS.weth}`,
    ])
    expect(fungibles.map((f) => f.symbol)).toEqual(['ETH', 'USDC', 'DAI', 'WETH'])
    expect(fungibles[0]).toEqual({
      address: `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`,
      name: 'Ether',
      symbol: 'ETH',
      iconUrl: 'http://api.localhost:4403/public/getTokenImage/ETH',
      price: 3000,
      decimals: 18,
    })
    expect(fungibles[0]!.price).toBeCloseTo(await ethUsdFromPair(), 6)
    expect(fungibles[1]).toMatchObject({ address: `${CHAIN}:${DEVNET_CONTRACTS.usdc}`, price: 1, decimals: 6 })
    expect(fungibles[2]).toMatchObject({ address: `${CHAIN}:${DEVNET_CONTRACTS.dai}`, decimals: 18 })
    expect(fungibles[2]!.price).toBeCloseTo(1, 9)
    expect(fungibles[3]!.price).toBe(fungibles[0]!.price)
  })

  it('follows the real reserves after a swap moves the pool', async () => {
    const before = (await prices([`${CHAIN}:${NATIVE_TOKEN_ADDRESS}`]))[0]!.price
    // Sell 50 ETH into the ETH/USDC pool straight through the router.
    const user = net.devnet.accounts[7]!.address
    const receipt = await net.send(7, {
      to: DEVNET_CONTRACTS.uniswapV2Router,
      value: parseEther('50'),
      data: encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc] as Address[], user, BigInt(Math.floor(Date.now() / 1000) + 600)],
      }),
    })
    expect(receipt.status).toBe('success')
    const after = (await prices([`${CHAIN}:${NATIVE_TOKEN_ADDRESS}`]))[0]!.price
    expect(after).toBeLessThan(before * 0.95)
    expect(after).toBeCloseTo(await ethUsdFromPair(), 6)
    // The other chain's pool did not move.
    const other = (await prices([`${OTHER_CHAIN}:${NATIVE_TOKEN_ADDRESS}`]))[0]!
    expect(other.price).toBe(3000)
    expect(other.address).toBe(`${OTHER_CHAIN}:${NATIVE_TOKEN_ADDRESS}`)
  })

  it('leaves out spam, unknown tokens and unsupported chains', async () => {
    const fungibles = await prices([
      `${CHAIN}:${DEVNET_CONTRACTS.spam}`,
      `${CHAIN}:0x1111111111111111111111111111111111111111`,
      `eip155:1:${DEVNET_CONTRACTS.usdc}`,
      `${CHAIN}:${DEVNET_CONTRACTS.usdc}`,
    ])
    expect(fungibles.map((f) => f.symbol)).toEqual(['USDC'])
  })
})
