import { devnetAccounts } from '@airlock/devnet'
import { IdentityResponse } from '@airlock/protocol'
import { Hono } from 'hono'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { namesRoutes } from '../names/routes'
import { identityRoutes } from './routes'
import { createTestContext, registerName, send, type TestContext } from './testing/harness'

/** The widget parses `/v1/identity/{address}` with @airlock/protocol's zod/mini schema: real answers must pass it. */
const account = privateKeyToAccount(devnetAccounts[4]!.privateKey)
const stranger = privateKeyToAccount(devnetAccounts[5]!.privateKey)

let ctx: TestContext
let app: Hono<{ Variables: ApiVariables }>

beforeAll(async () => {
  ctx = await createTestContext()
  const routes = new Hono<{ Variables: ApiVariables }>()
  routes.route('/', namesRoutes(ctx.deps))
  routes.route('/', identityRoutes(ctx.deps))
  app = ctx.mount(routes)
}, 60_000)
afterAll(() => ctx.close())

async function identity(address: string): Promise<unknown> {
  const reply = await send(app, 'GET', `/v1/identity/${address}?sender=${address}`)
  expect(reply.status).toBe(200)
  return reply.body
}

describe('/v1/identity answers parse with the protocol schema the widget uses', () => {
  it('an address without names (nulls)', async () => {
    const body = await identity(stranger.address)
    expect(IdentityResponse.safeParse(body)).toEqual({ success: true, data: { name: null, avatar: null } })
  })

  it('an address with a registered name and avatar', async () => {
    const registered = await registerName(ctx, app, account, 'schema-check.airlock.id', { avatar: 'https://img.example/schema.png' })
    expect(registered.status).toBe(200)
    const body = await identity(account.address)
    expect(IdentityResponse.safeParse(body)).toEqual({
      success: true,
      data: { name: 'schema-check.airlock.id', avatar: 'https://img.example/schema.png' },
    })
  })
})
