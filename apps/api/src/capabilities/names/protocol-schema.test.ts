import { devnetAccounts } from '@airlock/devnet'
import { NameRecordResponse, NameSuggestionsResponse, RegisterNameResponse, ReverseNamesResponse } from '@airlock/protocol'
import type { Hono } from 'hono'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { createTestContext, registerName, send, type TestContext } from '../identity/testing/harness'
import { namesRoutes } from './routes'

/** The widget parses the names answers with @airlock/protocol's zod/mini schemas: real answers must pass them. */
const account = privateKeyToAccount(devnetAccounts[6]!.privateKey)

let ctx: TestContext
let app: Hono<{ Variables: ApiVariables }>

beforeAll(async () => {
  ctx = await createTestContext()
  app = ctx.mount(namesRoutes(ctx.deps))
}, 60_000)
afterAll(() => ctx.close())

async function get(path: string): Promise<unknown> {
  const reply = await send(app, 'GET', path)
  expect(reply.status, path).toBe(200)
  return reply.body
}

describe('/v1/profile answers parse with the protocol schemas the widget uses', () => {
  it('suggestions, reverse (none), register, lookup and reverse (one)', async () => {
    const before = NameSuggestionsResponse.safeParse(await get('/v1/profile/suggestions/schemer?zone=airlock.id'))
    expect(before.success && before.data.suggestions[0]).toEqual({ name: 'schemer.airlock.id', registered: false })
    expect(ReverseNamesResponse.safeParse(await get(`/v1/profile/reverse/${account.address}?apiVersion=2`))).toEqual({
      success: true,
      data: [],
    })

    const registered = await registerName(ctx, app, account, 'schemer.airlock.id', { avatar: 'https://img.example/schemer.png' })
    expect(registered.status).toBe(200)
    const record = RegisterNameResponse.safeParse(registered.body)
    expect(record.success && record.data).toMatchObject({
      success: true,
      name: 'schemer.airlock.id',
      addresses: { '2147514985': { address: account.address } },
      attributes: { avatar: 'https://img.example/schemer.png' },
    })

    const lookup = NameRecordResponse.safeParse(await get('/v1/profile/account/schemer.airlock.id?apiVersion=2'))
    expect(lookup.success && lookup.data.addresses['2147514985']?.address).toBe(account.address)
    const reverse = ReverseNamesResponse.safeParse(await get(`/v1/profile/reverse/${account.address}?apiVersion=2`))
    expect(reverse.success && reverse.data.map((entry) => entry.name)).toEqual(['schemer.airlock.id'])
    const after = NameSuggestionsResponse.safeParse(await get('/v1/profile/suggestions/schemer?zone=airlock.id'))
    expect(after.success && after.data.suggestions[0]).toEqual({ name: 'schemer.airlock.id', registered: true })
  })
})
