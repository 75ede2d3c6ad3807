import { devnetAccounts } from '@airlock/devnet'
import { Hono } from 'hono'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { namesRoutes } from '../names/routes'
import { registrationBody } from '../names/testing'
import { parseAccountId, parseEvmAddress } from '../../chains/eip155/address'
import { identityRoutes } from './routes'
import { createTestContext, reason, send, T0, type TestContext } from './testing/harness'

const alice = privateKeyToAccount(devnetAccounts[0]!.privateKey)
const bob = privateKeyToAccount(devnetAccounts[1]!.privateKey)
const carol = privateKeyToAccount(devnetAccounts[2]!.privateKey)

let ctx: TestContext
let app: Hono<{ Variables: ApiVariables }>

async function register(account: PrivateKeyAccount, name: string, attributes: Record<string, string> = {}, coinType = 2147514985) {
  const reply = await send(app, 'POST', '/v1/profile/account', await registrationBody(ctx, account, name, attributes, coinType))
  expect(reply.status).toBe(200)
}

beforeAll(async () => {
  ctx = await createTestContext()
  const routes = new Hono<{ Variables: ApiVariables }>()
  routes.route('/', namesRoutes(ctx.deps))
  routes.route('/', identityRoutes(ctx.deps))
  app = ctx.mount(routes)
}, 60_000)
afterAll(() => ctx.close())
beforeEach(async () => {
  ctx.clock.now = T0
  await ctx.db.query('TRUNCATE names, name_addresses, used_signed_messages')
})

describe('GET /v1/identity/:address', () => {
  it("answers the address's primary (oldest) name and its avatar, cacheable for 5 minutes", async () => {
    await register(alice, 'alice.airlock.id', { avatar: 'https://img.example/alice.png' })
    ctx.clock.now += 1000
    await register(alice, 'alice-two.airlock.id', { avatar: 'https://img.example/two.png' })

    const reply = await send(app, 'GET', `/v1/identity/${alice.address.toLowerCase()}?sender=${bob.address}`)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ name: 'alice.airlock.id', avatar: 'https://img.example/alice.png' })
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('answers a name without avatar, and nulls for an address without names', async () => {
    await register(bob, 'bobby.airlock.id', { bio: 'no avatar' })
    expect((await send(app, 'GET', `/v1/identity/${bob.address}`)).body).toEqual({ name: 'bobby.airlock.id', avatar: null })
    const none = await send(app, 'GET', `/v1/identity/${carol.address}`)
    expect(none.body).toEqual({ name: null, avatar: null })
    expect(none.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('accepts a CAIP-10 account and only counts names on that chain', async () => {
    await register(alice, 'alice.airlock.id')
    expect((await send(app, 'GET', `/v1/identity/eip155:31337:${alice.address}`)).body).toEqual({ name: 'alice.airlock.id', avatar: null })
    expect((await send(app, 'GET', `/v1/identity/eip155:10:${alice.address}`)).body).toEqual({ name: null, avatar: null })
  })

  it('refuses an invalid address with 400 and no public caching', async () => {
    for (const address of ['0x1234', 'vitalik.eth', `0x${'g'.repeat(40)}`, `${alice.address}00`]) {
      const reply = await send(app, 'GET', `/v1/identity/${address}`)
      expect([reply.status, reason(reply)], address).toEqual([400, 'Invalid address'])
      expect(reply.headers.get('cache-control')).toBeNull()
    }
    expect((await send(app, 'GET', `/v1/identity/${alice.address}?sender=${'x'.repeat(201)}`)).status).toBe(400)
  })
})

describe('parseAccountId', () => {
  it('reads plain addresses (0x optional) and CAIP-10 eip155 accounts, checksummed', () => {
    expect(parseEvmAddress(alice.address.toLowerCase())).toBe(alice.address)
    expect(parseEvmAddress(alice.address.slice(2))).toBe(alice.address)
    expect(parseAccountId(`eip155:31337:${alice.address.toLowerCase()}`)).toEqual({
      address: alice.address,
      caipNetworkId: 'eip155:31337',
      chainId: 31337,
    })
  })
  it('refuses everything else', () => {
    for (const value of [
      '',
      '0x',
      '0x123',
      `eip155:01:${alice.address}`,
      `eip155:2147483648:${alice.address}`,
      `solana:1:${alice.address}`,
      `eip155:1:${alice.address}:x`,
    ]) {
      expect(parseAccountId(value), value).toBeUndefined()
    }
  })
})
