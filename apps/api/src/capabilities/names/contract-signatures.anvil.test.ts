import { type AnvilNode, devnetAccounts, startAnvil } from '@airlock/devnet'
import type { Hono } from 'hono'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  serializeErc6492Signature,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { createTestContext, reason, send, type TestContext } from '../identity/testing/harness'
import { deployTestWallet, deployTestWalletFactory, testWalletAddress, testWalletDeployData } from '../identity/testing/test-wallet'
import { deadPort } from '../../testing/ports'
import { namesRoutes } from './routes'
import { evmChainIdToCoinType, NameReason } from './rules'
import { signedNameBody } from './testing'

// Smart-account signatures (ERC-1271 deployed, ERC-6492 counterfactual) through a real chain.
const ANVIL_PORT = 18801

const alice = privateKeyToAccount(devnetAccounts[0]!.privateKey)
const bob = privateKeyToAccount(devnetAccounts[1]!.privateKey)
const devnet = defineChain({
  id: 31337,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${ANVIL_PORT}`] } },
})
const saltOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

let anvil: AnvilNode
let ctx: TestContext
let app: Hono<{ Variables: ApiVariables }>
let client: PublicClient
let factory: Address
let deployedWallet: Address

const registration = (name: string, address: Address, sign: (message: string) => Promise<Hex>, chainId = 31337) =>
  signedNameBody({ name, address, sign, apiOrigin: ctx.deps.apiOrigin, nowMs: ctx.clock.now, coinType: evmChainIdToCoinType(chainId) })
const aliceSigns = (message: string) => alice.signMessage({ message })
const bobSigns = (message: string) => bob.signMessage({ message })
const register = (body: unknown) => send(app, 'POST', '/v1/profile/account', body)

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: ANVIL_PORT })
  client = createPublicClient({ chain: devnet, transport: http(anvil.rpcUrl) }) as PublicClient
  const wallet = createWalletClient({ account: alice, chain: devnet, transport: http(anvil.rpcUrl) })
  factory = await deployTestWalletFactory(wallet, client)
  deployedWallet = await deployTestWallet(wallet, client, factory, alice.address, saltOf(1))
  ctx = await createTestContext({
    upstreams: { 'eip155:31337': anvil.rpcUrl, 'eip155:31338': `http://127.0.0.1:${await deadPort()}` },
  })
  app = ctx.mount(namesRoutes(ctx.deps))
}, 60_000)

afterAll(async () => {
  await ctx?.close()
  await anvil?.stop()
})

describe('name registration by a smart account', () => {
  it('accepts an ERC-1271 signature of a deployed contract account on the coin type chain', async () => {
    expect(await client.getCode({ address: deployedWallet })).toMatch(/^0x[0-9a-f]{100,}/)
    const reply = await register(await registration('contract.airlock.id', deployedWallet, aliceSigns))
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ name: 'contract.airlock.id', addresses: { '2147514985': { address: deployedWallet } } })
  })

  it('refuses a signature the contract does not accept', async () => {
    const reply = await register(await registration('contract-bob.airlock.id', deployedWallet, bobSigns))
    expect([reply.status, reason(reply)]).toEqual([401, NameReason.signatureInvalid])
  })

  it('accepts an ERC-6492 signature of a counterfactual account without deploying it', async () => {
    const predicted = testWalletAddress(factory, alice.address, saltOf(2))
    expect(await client.getCode({ address: predicted })).toBeUndefined()
    const wrapped = (message: string) =>
      aliceSigns(message).then((signature) =>
        serializeErc6492Signature({ address: factory, data: testWalletDeployData(alice.address, saltOf(2)), signature }),
      )
    const reply = await register(await registration('counterfactual.airlock.id', predicted, wrapped))
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ addresses: { '2147514985': { address: predicted } } })
    expect(await client.getCode({ address: predicted })).toBeUndefined()

    const forged = (message: string) =>
      bobSigns(message).then((signature) =>
        serializeErc6492Signature({ address: factory, data: testWalletDeployData(alice.address, saltOf(2)), signature }),
      )
    const refused = await register(await registration('counterfactual-bob.airlock.id', predicted, forged))
    expect([refused.status, reason(refused)]).toEqual([401, NameReason.signatureInvalid])
  })

  it('accepts EOA signatures only for a chain that is not configured', async () => {
    const contract = await register(await registration('elsewhere.airlock.id', deployedWallet, aliceSigns, 31339))
    expect([contract.status, reason(contract)]).toEqual([401, NameReason.signatureInvalid])
    const eoa = await register(await registration('elsewhere.airlock.id', alice.address, aliceSigns, 31339))
    expect(eoa.status).toBe(200)
  })

  it('answers 503 when a smart-account signature cannot be checked because the chain is down; EOAs need no chain', async () => {
    const down = await register(await registration('down.airlock.id', deployedWallet, aliceSigns, 31338))
    expect([down.status, reason(down)]).toEqual([503, 'Signature could not be verified: chain eip155:31338 is unavailable'])
    const eoa = await register(await registration('down.airlock.id', bob.address, bobSigns, 31338))
    expect(eoa.status).toBe(200)
  })
})
