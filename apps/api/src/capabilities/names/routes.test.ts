import { devnetAccounts } from '@airlock/devnet'
import { NAME_MESSAGE_PURPOSE, type NameMessage } from '@airlock/protocol'
import type { Hono } from 'hono'
import type { Address } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { createTestContext, reason, send, T0, type TestContext } from '../identity/testing/harness'
import { namesRoutes } from './routes'
import { NameReason, type NameAttributes } from './rules'
import { signedNameBody } from './testing'

const alice = privateKeyToAccount(devnetAccounts[0]!.privateKey)
const bob = privateKeyToAccount(devnetAccounts[1]!.privateKey)
const carol = privateKeyToAccount(devnetAccounts[2]!.privateKey)
/** (0x80000000 | 31337) >>> 0 */
const COIN_31337 = 2147514985

let ctx: TestContext
let app: Hono<{ Variables: ApiVariables }>

interface BodyOptions {
  coinType?: number
  address?: Address
  signer?: PrivateKeyAccount
  attributes?: NameAttributes
  message?: Partial<NameMessage>
}

/** `account`'s name message for `name`, signed now for the test API (by `signer` when given). */
const signed = (account: PrivateKeyAccount, name: string, purpose: NameMessage['purpose'], options: BodyOptions = {}) =>
  signedNameBody({
    name,
    address: options.address ?? account.address,
    sign: (message) => (options.signer ?? account).signMessage({ message }),
    apiOrigin: ctx.deps.apiOrigin,
    nowMs: ctx.clock.now,
    purpose,
    ...(options.attributes ? { attributes: options.attributes } : {}),
    ...(options.coinType ? { coinType: options.coinType } : {}),
    ...(options.message ? { message: options.message } : {}),
  })

const registration = (account: PrivateKeyAccount, name: string, options: BodyOptions = {}) =>
  signed(account, name, NAME_MESSAGE_PURPOSE.register, options)
/** The old message, `JSON.stringify({ name, attributes, timestamp })`, correctly signed and fresh. */
const oldJsonBody = async (account: PrivateKeyAccount, payload: Record<string, unknown>) => {
  const message = JSON.stringify({ ...payload, timestamp: Math.floor(ctx.clock.now / 1000) })
  return { coin_type: COIN_31337, address: account.address, message, signature: await account.signMessage({ message }) }
}

const register = async (body: unknown) => send(app, 'POST', '/v1/profile/account', body)

beforeAll(async () => {
  ctx = await createTestContext()
  app = ctx.mount(namesRoutes(ctx.deps))
}, 60_000)
afterAll(() => ctx.close())
beforeEach(async () => {
  ctx.clock.now = T0
  await ctx.db.query('TRUNCATE names, name_addresses, used_signed_messages')
})

describe('POST /v1/profile/account (register)', () => {
  it('registers a name signed by its address and returns the record with success', async () => {
    const reply = await register(await registration(alice, 'Alice.airlock.id', { attributes: { bio: 'gm' } }))
    expect(reply.status).toBe(200)
    const iso = new Date(T0).toISOString()
    expect(reply.body).toEqual({
      success: true,
      name: 'alice.airlock.id',
      registered: T0 / 1000,
      updated: T0 / 1000,
      registered_at: iso,
      updated_at: iso,
      addresses: { [String(COIN_31337)]: { address: alice.address, created: iso } },
      attributes: { bio: 'gm' },
    })
    const rows = (await ctx.db.query<{ owner: string }>('SELECT owner FROM names WHERE name = $1', ['alice.airlock.id'])).rows
    expect(rows).toEqual([{ owner: alice.address }])
  })

  it('accepts a lower-case address and coin type 60 (Ethereum mainnet)', async () => {
    const reply = await register(
      await registration(alice, 'mainnet-alice.airlock.id', { coinType: 60, address: alice.address.toLowerCase() as Address }),
    )
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ addresses: { '60': { address: alice.address } } })
  })

  it('refuses a taken name, case-insensitively', async () => {
    expect((await register(await registration(alice, 'alice.airlock.id'))).status).toBe(200)
    const taken = await register(await registration(bob, 'ALICE.Airlock.ID'))
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({
      status: 409,
      error: NameReason.alreadyRegistered,
      reasons: [{ description: 'Name is already registered', field: 'name' }],
    })
  })

  it('refuses a replayed signature, and a refused registration does not burn it', async () => {
    const body = await registration(alice, 'alice.airlock.id')
    expect((await register(body)).status).toBe(200)
    const replay = await register(body)
    expect(replay.status).toBe(409)
    expect(reason(replay)).toBe('Signature has already been used')

    // bob's attempt on the taken name fails; his signature stays usable for another name
    await register(await registration(bob, 'bobby.airlock.id'))
    const bobTaken = await registration(bob, 'alice.airlock.id')
    expect((await register(bobTaken)).status).toBe(409)
    expect((await ctx.db.query('SELECT 1 FROM used_signed_messages WHERE address = $1', [bob.address])).rows).toHaveLength(1)
  })

  it('lets exactly one of two concurrent registrations of a name win', async () => {
    const [a, b] = await Promise.all([
      register(await registration(alice, 'race.airlock.id')),
      register(await registration(bob, 'RACE.airlock.id')),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const loser = a.status === 409 ? a : b
    expect(reason(loser)).toBe(NameReason.alreadyRegistered)
    expect((await ctx.db.query('SELECT count(*)::int AS n FROM name_addresses')).rows).toEqual([{ n: 1 }])
  })

  it('refuses a signature by another key, a tampered message and junk signatures', async () => {
    const byBob = await registration(alice, 'alice.airlock.id', { signer: bob })
    const wrongSigner = await register(byBob)
    expect(wrongSigner.status).toBe(401)
    expect(wrongSigner.body).toMatchObject({
      error: 'Signature is invalid',
      reasons: [{ description: 'Signature is invalid', field: 'signature' }],
    })

    const good = await registration(alice, 'alice.airlock.id')
    const tampered = { ...good, message: good.message.replace('alice', 'alicia') }
    expect(reason(await register(tampered))).toBe(NameReason.signatureInvalid)

    const flipped = `${good.signature.slice(0, 10)}${good.signature[10] === '0' ? '1' : '0'}${good.signature.slice(11)}`
    for (const signature of ['0x1234', `0x${'00'.repeat(65)}`, `0x${'ff'.repeat(65)}`, flipped, `${good.signature}00`]) {
      const reply = await register({ ...good, signature })
      expect(reply.status, signature).toBe(401)
    }
    expect((await send(app, 'GET', '/v1/profile/account/alice.airlock.id')).status).toBe(404)
  })

  it('refuses the old name message: JSON of { name, attributes, timestamp }, though correctly signed and fresh', async () => {
    const old = await register(await oldJsonBody(alice, { name: 'alice.airlock.id', attributes: {} }))
    expect(old.status).toBe(400)
    expect(old.body).toEqual({
      status: 400,
      error: NameReason.legacyMessage,
      reasons: [{ description: NameReason.legacyMessage, field: 'message' }],
    })
    expect(NameReason.legacyMessage).toMatch(/JSON name message is no longer accepted/)
    expect((await send(app, 'GET', '/v1/profile/account/alice.airlock.id')).status).toBe(404)
  })

  it('refuses a message signed for another site, another purpose, another address or another coin type', async () => {
    const cases: [BodyOptions, string][] = [
      [{ message: { domain: 'api.other-dapp.example' } }, 'The signed message is for another site: api.other-dapp.example'],
      [{ message: { domain: 'api.localhost:4404' } }, 'The signed message is for another site: api.localhost:4404'],
      [{ message: { purpose: NAME_MESSAGE_PURPOSE.attributes } }, 'The signed message must have the purpose: Register an Airlock name'],
      [{ message: { address: bob.address } }, NameReason.addressMismatch],
      [{ message: { coinType: 60 } }, NameReason.coinTypeMismatch],
    ]
    for (const [options, expected] of cases) {
      const reply = await register(await registration(alice, 'alice.airlock.id', options))
      expect([reply.status, reason(reply)], expected).toEqual([400, expected])
    }
    expect((await send(app, 'GET', '/v1/profile/account/alice.airlock.id')).status).toBe(404)
  })

  it('refuses expired, future and over-long messages', async () => {
    const nowS = T0 / 1000
    const window = (issuedAt: number, expiresAt: number) => registration(alice, 'alice.airlock.id', { message: { issuedAt, expiresAt } })
    const expired = await register(await window(nowS - 601, nowS - 1))
    expect([expired.status, reason(expired)]).toEqual([400, 'The signed message has expired'])
    const future = await register(await window(nowS + 61, nowS + 661))
    expect([future.status, reason(future)]).toEqual([400, 'The signed message is issued in the future'])
    const long = await register(await window(nowS, nowS + 601))
    expect([long.status, reason(long)]).toEqual([400, NameReason.validity])

    // the same edges are accepted
    const edge = (name: string, issuedAt: number, expiresAt: number) =>
      registration(alice, name, { message: { issuedAt, expiresAt } }).then(register)
    expect((await edge('edge-old.airlock.id', nowS - 600, nowS)).status).toBe(200)
    expect((await edge('edge-new.airlock.id', nowS + 60, nowS + 660)).status).toBe(200)

    // and a signed message expires as the server clock moves on
    const later = await registration(alice, 'later.airlock.id')
    ctx.clock.now += 601_000
    expect(reason(await register(later))).toBe('The signed message has expired')
  })

  it('refuses short names, bad characters, long names and other zones', async () => {
    const cases: [string, string][] = [
      ['bob.airlock.id', NameReason.labelRule],
      ['b_ob.airlock.id', NameReason.labelRule],
      ['bo b.airlock.id', NameReason.labelRule],
      ['bøbby.airlock.id', NameReason.labelRule],
      ['sub.name.airlock.id', NameReason.labelRule],
      [`${'b'.repeat(65)}.airlock.id`, NameReason.labelTooLong],
      ['bobby.reown.id', 'Name must end with .airlock.id'],
      ['bobby', 'Name must end with .airlock.id'],
    ]
    for (const [name, expected] of cases) {
      const reply = await register(await registration(bob, name))
      expect([reply.status, reason(reply)], name).toEqual([400, expected])
    }
  })

  it('refuses unknown coin types, invalid addresses, malformed messages, bad attributes and malformed bodies', async () => {
    const good = await registration(alice, 'alice.airlock.id')
    const expectations: [unknown, number, string][] = [
      [{ ...good, coin_type: 31337 }, 400, 'Unsupported coin type: 31337'],
      [{ ...good, coin_type: 0x80000000 }, 400, 'Unsupported coin type: 2147483648'],
      [{ ...good, coin_type: 501 }, 400, 'Unsupported coin type: 501'],
      [{ ...good, address: '0x1234' }, 400, 'Invalid address'],
      [{ ...good, address: 'alice.airlock.id' }, 400, 'Invalid address'],
      [{ ...good, message: 'not json' }, 400, NameReason.message],
      [{ ...good, message: `${good.message}\nTwitter: @alice` }, 400, NameReason.message],
    ]
    for (const [body, status, description] of expectations) {
      const reply = await register(body)
      expect([reply.status, reason(reply)], description).toEqual([status, description])
    }
    const attrs = await register(await registration(alice, 'alice.airlock.id', { attributes: { avatar: 'javascript:alert(1)' } }))
    expect([attrs.status, reason(attrs)]).toEqual([400, 'Invalid value for name attribute: avatar'])

    for (const body of [
      { ...good, coin_type: 2 ** 32 },
      { ...good, coin_type: '2147514985' },
      { ...good, signature: 'zz' },
      { address: alice.address },
      [],
    ]) {
      const reply = await register(body)
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(reply.body).toMatchObject({ status: 400, error: expect.any(String) })
      expect(reason(reply)).toEqual(expect.any(String))
    }
    const missing = await register({ ...good, signature: undefined })
    expect(missing.body).toMatchObject({ reasons: [{ field: 'signature' }] })

    const notJson = await send(app, 'POST', '/v1/profile/account', undefined, { rawBody: '{"coin_type":' })
    expect([notJson.status, reason(notJson)]).toEqual([400, 'Request body must be JSON'])
  })

  it('refuses an oversized body with 413', async () => {
    const good = await registration(alice, 'alice.airlock.id')
    const reply = await register({ ...good, padding: 'x'.repeat(40 * 1024) })
    expect(reply.status).toBe(413)
    expect(reply.body).toMatchObject({ status: 413, reasons: [{ description: 'Request body is larger than 32 KiB' }] })
  })
})

describe('GET /v1/profile/account/:name', () => {
  it('answers the record case-insensitively, 404 with a reason when unknown, 400 when malformed', async () => {
    await register(await registration(alice, 'alice.airlock.id'))
    const found = await send(app, 'GET', '/v1/profile/account/ALICE.airlock.id?apiVersion=2')
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({
      name: 'alice.airlock.id',
      addresses: { [String(COIN_31337)]: { address: alice.address } },
      attributes: {},
    })
    expect(found.body).not.toHaveProperty('success')
    expect(found.body).not.toHaveProperty('owner')

    const missing = await send(app, 'GET', '/v1/profile/account/nobody.airlock.id?apiVersion=2')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({
      status: 404,
      error: 'Name is not registered: nobody.airlock.id',
      reasons: [{ description: 'Name is not registered: nobody.airlock.id', field: 'name' }],
    })
    expect(reason(await send(app, 'GET', '/v1/profile/account/bob.airlock.id'))).toBe(NameReason.labelRule)
    expect((await send(app, 'GET', '/v1/profile/account/alice.eth')).status).toBe(400)
    expect((await send(app, 'GET', `/v1/profile/account/alice.airlock.id?apiVersion=${'9'.repeat(20)}`)).status).toBe(400)
  })
})

describe('GET /v1/profile/reverse/:address', () => {
  it("lists an address's names oldest first, [] when none, and filters by chain for CAIP-10", async () => {
    await register(await registration(alice, 'first.airlock.id'))
    ctx.clock.now += 1000
    await register(await registration(alice, 'second.airlock.id'))
    await register(await registration(bob, 'bobby.airlock.id'))

    const names = await send<{ name: string }[]>(
      app,
      'GET',
      `/v1/profile/reverse/${alice.address.toLowerCase()}?sender=${bob.address}&apiVersion=2`,
    )
    expect(names.status).toBe(200)
    expect(names.body.map((entry) => entry.name)).toEqual(['first.airlock.id', 'second.airlock.id'])
    expect(names.body[1]).toMatchObject({ registered: T0 / 1000 + 1, addresses: { [String(COIN_31337)]: { address: alice.address } } })

    expect((await send<unknown[]>(app, 'GET', `/v1/profile/reverse/eip155:31337:${alice.address}`)).body).toHaveLength(2)
    expect((await send(app, 'GET', `/v1/profile/reverse/eip155:1:${alice.address}`)).body).toEqual([])
    expect((await send(app, 'GET', `/v1/profile/reverse/${carol.address}?apiVersion=2`)).body).toEqual([])
  })

  it('refuses invalid addresses with 400', async () => {
    for (const address of [
      '0x1234',
      'alice.airlock.id',
      `eip155:31337:0x${'z'.repeat(40)}`,
      `solana:mainnet:${alice.address}`,
      `eip155:0:${alice.address}`,
    ]) {
      const reply = await send(app, 'GET', `/v1/profile/reverse/${encodeURIComponent(address)}`)
      expect([reply.status, reason(reply)], address).toEqual([400, 'Invalid address'])
    }
  })
})

describe('GET /v1/profile/suggestions/:name', () => {
  type Suggestions = { suggestions: { name: string; registered: boolean }[] }

  it('offers the name itself when free, plus free variants, in the default zone', async () => {
    const reply = await send<Suggestions>(app, 'GET', '/v1/profile/suggestions/Dave')
    expect(reply.status).toBe(200)
    expect(reply.body.suggestions).toEqual([
      { name: 'dave.airlock.id', registered: false },
      { name: 'dave1.airlock.id', registered: false },
      { name: 'dave2.airlock.id', registered: false },
      { name: 'dave3.airlock.id', registered: false },
      { name: 'dave-1.airlock.id', registered: false },
    ])
  })

  it('marks a taken name registered and skips taken variants; strips the zone; honours ?zone=', async () => {
    await register(await registration(alice, 'alice.airlock.id'))
    await register(await registration(bob, 'alice1.airlock.id'))
    const reply = await send<Suggestions>(app, 'GET', '/v1/profile/suggestions/alice.airlock.id?zone=airlock.id')
    expect(reply.body.suggestions).toEqual([
      { name: 'alice.airlock.id', registered: true },
      { name: 'alice2.airlock.id', registered: false },
      { name: 'alice3.airlock.id', registered: false },
      { name: 'alice-1.airlock.id', registered: false },
      { name: 'alice-2.airlock.id', registered: false },
    ])
  })

  it('refuses invalid names and unknown zones', async () => {
    expect(reason(await send(app, 'GET', '/v1/profile/suggestions/bob'))).toBe(NameReason.labelRule)
    expect(reason(await send(app, 'GET', '/v1/profile/suggestions/b%20ob'))).toBe(NameReason.labelRule)
    const zone = await send(app, 'GET', '/v1/profile/suggestions/alice?zone=reown.id')
    expect([zone.status, reason(zone)]).toEqual([400, 'Unsupported name zone: reown.id'])
  })

  it('serves several zones when configured', async () => {
    const multi = ctx.mount(namesRoutes(ctx.deps, { zones: ['airlock.id', 'wcn.id'] }))
    const reply = await send<Suggestions>(multi, 'GET', '/v1/profile/suggestions/alice?zone=wcn.id')
    expect(reply.body.suggestions[0]).toEqual({ name: 'alice.wcn.id', registered: false })
    expect(() => namesRoutes(ctx.deps, { zones: [] })).toThrow()
  })
})

describe('POST /v1/profile/account/:name/attributes', () => {
  const update = (name: string, body: unknown) => send(app, 'POST', `/v1/profile/account/${name}/attributes`, body)
  const attributesBody = (account: PrivateKeyAccount, attributes: NameAttributes, options: BodyOptions & { name?: string } = {}) =>
    signed(account, options.name ?? 'alice.airlock.id', NAME_MESSAGE_PURPOSE.attributes, { attributes, ...options })

  beforeEach(async () => {
    await register(await registration(alice, 'alice.airlock.id', { attributes: { bio: 'old' } }))
    ctx.clock.now += 5000
  })

  it("replaces the owner's attributes", async () => {
    const reply = await update('ALICE.airlock.id', await attributesBody(alice, { avatar: 'https://img.example/alice.png' }))
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({
      name: 'alice.airlock.id',
      attributes: { avatar: 'https://img.example/alice.png' },
      updated: T0 / 1000 + 5,
    })
    expect(reply.body).toMatchObject({ registered: T0 / 1000 })
    expect((await send(app, 'GET', '/v1/profile/account/alice.airlock.id')).body).toMatchObject({
      attributes: { avatar: 'https://img.example/alice.png' },
    })
  })

  it('refuses another address, a bad signature, a replay, expired messages, bad attributes and unknown names', async () => {
    const notOwner = await update('alice.airlock.id', await attributesBody(bob, { bio: 'hacked' }))
    expect([notOwner.status, reason(notOwner)]).toEqual([403, 'Address is not the owner of the name'])

    const forged = await update('alice.airlock.id', await attributesBody(alice, { bio: 'hacked' }, { signer: bob }))
    expect([forged.status, reason(forged)]).toEqual([401, 'Signature is invalid'])

    const body = await attributesBody(alice, { bio: 'new' })
    expect((await update('alice.airlock.id', body)).status).toBe(200)
    const replay = await update('alice.airlock.id', body)
    expect([replay.status, reason(replay)]).toEqual([409, 'Signature has already been used'])

    const nowS = Math.floor(ctx.clock.now / 1000)
    const expired = await update(
      'alice.airlock.id',
      await attributesBody(alice, { bio: 'x' }, { message: { issuedAt: nowS - 700, expiresAt: nowS - 100 } }),
    )
    expect([expired.status, reason(expired)]).toEqual([400, 'The signed message has expired'])

    const badAttr = await update('alice.airlock.id', await attributesBody(alice, { avatar: 'javascript:alert(1)' }))
    expect([badAttr.status, reason(badAttr)]).toEqual([400, 'Invalid value for name attribute: avatar'])

    const otherName = await update('alice.airlock.id', await attributesBody(alice, { bio: 'x' }, { name: 'other.airlock.id' }))
    expect([otherName.status, reason(otherName)]).toEqual([400, NameReason.nameMismatch])

    const unknown = await update('nobody.airlock.id', await attributesBody(alice, { bio: 'x' }, { name: 'nobody.airlock.id' }))
    expect([unknown.status, reason(unknown)]).toEqual([404, 'Name is not registered: nobody.airlock.id'])

    const old = await update('alice.airlock.id', await oldJsonBody(alice, { attributes: { bio: 'x' } }))
    expect([old.status, reason(old)]).toEqual([400, NameReason.legacyMessage])

    // a registration message, though for this name and owner, does not update it
    const registering = await update('alice.airlock.id', await registration(alice, 'alice.airlock.id', { attributes: { bio: 'x' } }))
    expect([registering.status, reason(registering)]).toEqual([
      400,
      "The signed message must have the purpose: Replace an Airlock name's attributes",
    ])

    expect((await send(app, 'GET', '/v1/profile/account/alice.airlock.id')).body).toMatchObject({ attributes: { bio: 'new' } })
  })
})
