import { type AnvilNode, devnetAccounts, startAnvil } from '@airlock/devnet'
import type { Hono } from 'hono'
import { createPublicClient, createWalletClient, defineChain, http, type Address, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { createTestContext, reason, send, type TestContext } from '../identity/testing/harness'
import { deployTestWallet, deployTestWalletFactory } from '../identity/testing/test-wallet'
import { revokeMessage } from './rules'
import { sessionsRoutes, type SmartSession } from './routes'

// A smart account (ERC-1271) creating and revoking sessions through a real chain.
const ANVIL_PORT = 18802

const alice = privateKeyToAccount(devnetAccounts[0]!.privateKey)
const bob = privateKeyToAccount(devnetAccounts[1]!.privateKey)

let anvil: AnvilNode
let ctx: TestContext
let app: Hono<{ Variables: ApiVariables }>
let account: Address

async function grant() {
  const message = JSON.stringify({
    chainId: 31337,
    expiry: Math.floor(ctx.clock.now / 1000) + 600,
    permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1', start: 0, period: 60 } }],
    policies: [],
    timestamp: Math.floor(ctx.clock.now / 1000),
  })
  return { message, signature: await alice.signMessage({ message }) }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: ANVIL_PORT })
  const chain = defineChain({
    id: 31337,
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) }) as PublicClient
  const wallet = createWalletClient({ account: alice, chain, transport: http(anvil.rpcUrl) })
  account = await deployTestWallet(wallet, client, await deployTestWalletFactory(wallet, client), alice.address, `0x${'07'.repeat(32)}`)
  ctx = await createTestContext({ upstreams: { 'eip155:31337': anvil.rpcUrl } })
  app = ctx.mount(sessionsRoutes(ctx.deps))
}, 60_000)

afterAll(async () => {
  await ctx?.close()
  await anvil?.stop()
})

describe('smart sessions of a contract account', () => {
  it('creates and revokes with ERC-1271 signatures, and refuses signatures the contract rejects', async () => {
    const caip10 = `eip155:31337:${account}`
    const created = await send<SmartSession>(app, 'POST', `/v1/sessions/${caip10}`, await grant())
    expect(created.status).toBe(201)
    const pci = created.body.pci

    const byBob = await send(app, 'POST', `/v1/sessions/${caip10}/revoke`, {
      pci,
      signature: await bob.signMessage({ message: revokeMessage(pci) }),
    })
    expect([byBob.status, reason(byBob)]).toEqual([401, 'Signature is invalid'])
    expect((await send<{ pcis: SmartSession[] }>(app, 'GET', `/v1/sessions/${caip10}`)).body.pcis.map((s) => s.pci)).toEqual([pci])

    const revoked = await send(app, 'POST', `/v1/sessions/${caip10}/revoke`, {
      pci,
      signature: await alice.signMessage({ message: revokeMessage(pci) }),
    })
    expect([revoked.status, revoked.body]).toEqual([200, { success: true }])
    expect((await send(app, 'GET', `/v1/sessions/${caip10}`)).body).toEqual({ pcis: [] })
  })
})
