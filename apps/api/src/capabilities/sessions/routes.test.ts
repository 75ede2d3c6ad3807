import { delegationHash, delegationTypedData, encodePermissionContext, ROOT_AUTHORITY, type Delegation } from '@airlock/chains/eip155'
import { devnetAccounts } from '@airlock/devnet'
import { SmartSessionsResponse } from '@airlock/protocol'
import type { Address } from 'viem'
import type { Hono } from 'hono'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { createTestContext, reason, send, T0, type TestContext } from '../identity/testing/harness'
import { ExecutionGrantReason } from './execution'
import { revokeMessage, SessionReason } from './rules'
import { sessionsRoutes, type SmartSession } from './routes'

const alice = privateKeyToAccount(devnetAccounts[0]!.privateKey)
const bob = privateKeyToAccount(devnetAccounts[1]!.privateKey)
const aliceOn = (chainId: number) => `eip155:${chainId}:${alice.address}`

let ctx: TestContext
let app: Hono<{ Variables: ApiVariables }>

const PERMISSIONS = [{ type: 'contract-call', data: { address: '0x0000000000000000000000000000000000000001', abi: [], functions: [] } }]
const POLICIES = [{ type: 'gas-limit', data: { limit: '0x5208' } }]

async function grantBody(account: PrivateKeyAccount, overrides: Record<string, unknown> = {}, signer = account) {
  const message = JSON.stringify({
    chainId: '0x7a69',
    expiry: Math.floor(ctx.clock.now / 1000) + 3600,
    permissions: PERMISSIONS,
    policies: POLICIES,
    timestamp: Math.floor(ctx.clock.now / 1000),
    ...overrides,
  })
  return { message, signature: await signer.signMessage({ message }) }
}

async function create(path: string, body: unknown, projectId?: string) {
  return send<SmartSession>(app, 'POST', `/v1/sessions/${path}`, body, projectId ? { projectId } : {})
}

const revokeBody = async (pci: string, signer: PrivateKeyAccount = alice) => ({
  pci,
  signature: await signer.signMessage({ message: revokeMessage(pci) }),
})
const list = (path: string) => send<{ pcis: SmartSession[] }>(app, 'GET', `/v1/sessions/${path}`)

beforeAll(async () => {
  ctx = await createTestContext()
  app = ctx.mount(sessionsRoutes(ctx.deps))
}, 60_000)
afterAll(() => ctx.close())
beforeEach(async () => {
  ctx.clock.now = T0
  await ctx.db.query('TRUNCATE smart_sessions, used_signed_messages')
})

describe('POST /v1/sessions/:caip10 (create)', () => {
  it('stores a grant signed by the account and answers it as AppKit SmartSession', async () => {
    const reply = await create(aliceOn(31337), await grantBody(alice, { context: '0xc0ffee' }))
    expect(reply.status).toBe(201)
    expect(reply.body).toEqual({
      project: { id: 'demo', name: 'Demo', url: 'http://dapp.localhost:4400' },
      pci: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      expiry: T0 / 1000 + 3600,
      createdAt: T0 / 1000,
      permissions: PERMISSIONS,
      policies: POLICIES,
      context: '0xc0ffee',
      signer: null,
      delegationManager: null,
    })
    const listed = await list(aliceOn(31337))
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({ pcis: [reply.body] })
  })

  it('refuses another signer, a replay, a wrong chain, a plain address and malformed input', async () => {
    const forged = await create(aliceOn(31337), await grantBody(alice, {}, bob))
    expect([forged.status, reason(forged)]).toEqual([401, 'Signature is invalid'])

    const body = await grantBody(alice)
    expect((await create(aliceOn(31337), body)).status).toBe(201)
    const replay = await create(aliceOn(31337), body)
    expect([replay.status, reason(replay)]).toEqual([409, 'Signature has already been used'])

    const otherChain = await create(aliceOn(10), await grantBody(alice))
    expect([otherChain.status, reason(otherChain)]).toEqual([400, SessionReason.chainMismatch])

    const plain = await create(alice.address, await grantBody(alice))
    expect([plain.status, reason(plain)]).toEqual([400, SessionReason.caip10Required])

    const badAddress = await create('eip155:31337:0x1234', await grantBody(alice))
    expect([badAddress.status, reason(badAddress)]).toEqual([400, 'Invalid address'])

    const stale = await create(aliceOn(31337), await grantBody(alice, { timestamp: T0 / 1000 - 601 }))
    expect([stale.status, reason(stale)]).toEqual([400, 'Timestamp is too old'])

    const expired = await create(aliceOn(31337), await grantBody(alice, { expiry: T0 / 1000 - 1 }))
    expect([expired.status, reason(expired)]).toEqual([400, SessionReason.expiryPast])

    const good = await grantBody(alice)
    expect((await create(aliceOn(31337), { ...good, signature: 'nope' })).status).toBe(400)
    expect((await create(aliceOn(31337), { signature: good.signature })).body).toMatchObject({ reasons: [{ field: 'message' }] })
    const notJson = await send(app, 'POST', `/v1/sessions/${aliceOn(31337)}`, undefined, { rawBody: 'message=1' })
    expect([notJson.status, reason(notJson)]).toEqual([400, 'Request body must be JSON'])
    const huge = await create(aliceOn(31337), { ...good, padding: 'x'.repeat(70 * 1024) })
    expect(huge.status).toBe(413)

    expect((await list(aliceOn(31337))).body.pcis).toHaveLength(1)
  })
})

describe('GET /v1/sessions/:address', () => {
  it('lists per chain for CAIP-10 and across chains for a plain address, newest first, across projects', async () => {
    const first = await create(aliceOn(31337), await grantBody(alice))
    ctx.clock.now += 1000
    const second = await create(aliceOn(31338), await grantBody(alice, { chainId: 31338 }), 'quiet')
    await create(`eip155:31337:${bob.address}`, await grantBody(bob))
    expect(second.body.project).toEqual({ id: 'quiet', name: 'Quiet' })

    expect((await list(aliceOn(31337))).body.pcis.map((s) => s.pci)).toEqual([first.body.pci])
    expect((await list(encodeURIComponent(aliceOn(31338)))).body.pcis.map((s) => s.pci)).toEqual([second.body.pci])
    expect((await list(alice.address.toLowerCase())).body.pcis.map((s) => s.pci)).toEqual([second.body.pci, first.body.pci])
    expect((await list(`eip155:1:${alice.address}`)).body).toEqual({ pcis: [] })
  })

  it('refuses invalid addresses', async () => {
    for (const address of ['0x1234', 'eip155:31337', 'eip155:x:0x0000000000000000000000000000000000000001', 'alice.airlock.id']) {
      const reply = await list(address)
      expect([reply.status, reason(reply)], address).toEqual([400, 'Invalid address'])
    }
  })
})

describe('POST /v1/sessions/:address/revoke', () => {
  it('revokes with the account signature of the pci; the session is no longer listed', async () => {
    const { body: session } = await create(aliceOn(31337), await grantBody(alice))
    ctx.clock.now += 5000
    const reply = await send(app, 'POST', `/v1/sessions/${aliceOn(31337)}/revoke`, await revokeBody(session.pci))
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ success: true })
    expect((await list(aliceOn(31337))).body).toEqual({ pcis: [] })
    const rows = (await ctx.db.query<{ revoked_at: Date }>('SELECT revoked_at FROM smart_sessions WHERE pci = $1', [session.pci])).rows
    expect(new Date(rows[0]!.revoked_at).getTime()).toBe(T0 + 5000)

    const again = await send(app, 'POST', `/v1/sessions/${aliceOn(31337)}/revoke`, await revokeBody(session.pci))
    expect([again.status, reason(again)]).toEqual([409, 'Session is already revoked'])
  })

  it('accepts the plain address too', async () => {
    const { body: session } = await create(aliceOn(31337), await grantBody(alice))
    expect((await send(app, 'POST', `/v1/sessions/${alice.address}/revoke`, await revokeBody(session.pci))).status).toBe(200)
  })

  it('refuses a bad signature (401), an unknown pci or another account (404), malformed input (400)', async () => {
    const { body: session } = await create(aliceOn(31337), await grantBody(alice))
    const revoke = (path: string, body: unknown) => send(app, 'POST', `/v1/sessions/${path}/revoke`, body)

    const byBob = await revoke(aliceOn(31337), await revokeBody(session.pci, bob))
    expect([byBob.status, reason(byBob)]).toEqual([401, 'Signature is invalid'])
    const otherMessage = { pci: session.pci, signature: await alice.signMessage({ message: `revoke ${session.pci}` }) }
    expect((await revoke(aliceOn(31337), otherMessage)).status).toBe(401)

    const unknown = await revoke(aliceOn(31337), await revokeBody('00000000-0000-4000-8000-000000000000'))
    expect([unknown.status, reason(unknown)]).toEqual([404, 'Session not found'])
    const notBobs = await revoke(`eip155:31337:${bob.address}`, await revokeBody(session.pci, bob))
    expect([notBobs.status, reason(notBobs)]).toEqual([404, 'Session not found'])
    const otherChain = await revoke(aliceOn(10), await revokeBody(session.pci))
    expect([otherChain.status, reason(otherChain)]).toEqual([404, 'Session not found'])

    expect((await revoke(aliceOn(31337), { pci: 'not-a-uuid', signature: '0x12' })).body).toMatchObject({
      status: 400,
      reasons: [{ field: 'pci' }],
    })
    expect((await revoke(aliceOn(31337), { pci: session.pci })).status).toBe(400)
    expect((await revoke('0x12', await revokeBody(session.pci))).status).toBe(400)

    expect((await list(aliceOn(31337))).body.pcis.map((s) => s.pci)).toEqual([session.pci])
  })
})

describe('ERC-7715 grants (POST /v1/sessions/:caip10 with { permission })', () => {
  const SESSION_KEY = bob.address
  const DELEGATION_MANAGER = '0x9D77212c7071C57874d62EC578cff4568178F176'
  const permissionBody = async (options: { signer?: PrivateKeyAccount; delegator?: Address; to?: Address; expiry?: number } = {}) => {
    // Signed as the wallet signs it (EIP-712, DelegationManager domain), by `signer`: a forger's key signs another's delegation too.
    const unsigned: Delegation = {
      delegate: SESSION_KEY,
      delegator: options.delegator ?? alice.address,
      authority: ROOT_AUTHORITY,
      caveats: [],
      salt: 1n,
      signature: '0x',
    }
    const domain = { chainId: 31337, delegationManager: DELEGATION_MANAGER } as const
    const delegation = { ...unsigned, signature: await (options.signer ?? alice).signTypedData(delegationTypedData(unsigned, domain)) }
    return {
      delegation,
      body: {
        permission: {
          chainId: '0x7a69',
          from: alice.address,
          to: options.to ?? SESSION_KEY,
          permission: {
            type: 'erc20-token-periodic',
            isAdjustmentAllowed: false,
            data: { tokenAddress: '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58', periodAmount: '0x989680', periodDuration: 86_400 },
          },
          rules: [{ type: 'expiry', data: { timestamp: options.expiry ?? T0 / 1000 + 3600 } }],
          context: encodePermissionContext([delegation]),
          dependencies: [],
          delegationManager: DELEGATION_MANAGER,
        },
      },
    }
  }

  it('records a delegation the account signed, its pci the delegation hash, listed as a session', async () => {
    const { body, delegation } = await permissionBody()
    const reply = await create(aliceOn(31337), body)
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({
      pci: delegationHash(delegation),
      expiry: T0 / 1000 + 3600,
      permissions: [body.permission.permission],
      policies: body.permission.rules,
      context: body.permission.context,
    })
    const listed = (await list(aliceOn(31337))).body
    expect(listed.pcis.map((s) => s.pci)).toEqual([delegationHash(delegation)])
    // What the widget reads back for wallet_getGrantedExecutionPermissions: the session account and the DelegationManager too.
    expect(SmartSessionsResponse.parse(listed).pcis[0]).toMatchObject({
      signer: { type: 'account', data: { address: body.permission.to } },
      delegationManager: DELEGATION_MANAGER,
    })
    const again = await create(aliceOn(31337), body)
    expect([again.status, reason(again)]).toEqual([409, SessionReason.recorded])
  })

  it('refuses a delegation signed by another key, of another account or to another delegate, without expiry, or not one', async () => {
    const forged = await permissionBody({ signer: bob, delegator: alice.address })
    expect(reason(await create(aliceOn(31337), forged.body))).toBe(ExecutionGrantReason.signature)
    const bobs = await permissionBody({ signer: bob, delegator: bob.address })
    expect(reason(await create(aliceOn(31337), bobs.body))).toBe(ExecutionGrantReason.notOwner)
    const other = await permissionBody({ to: alice.address })
    expect(reason(await create(aliceOn(31337), other.body))).toBe(ExecutionGrantReason.otherDelegate)
    const { body } = await permissionBody()
    expect(reason(await create(aliceOn(31337), { permission: { ...body.permission, rules: [] } }))).toBe(ExecutionGrantReason.expiry)
    expect(reason(await create(aliceOn(31337), { permission: { ...body.permission, context: '0x12345678' } }))).toBe(
      ExecutionGrantReason.context,
    )
    expect(reason(await create(aliceOn(31337), { permission: { ...body.permission, extra: 1 } }))).toBe(ExecutionGrantReason.permission)
    expect(reason(await create(aliceOn(31338), body))).toBe(SessionReason.chainMismatch)
    expect((await list(aliceOn(31337))).body).toEqual({ pcis: [] })
  })

  it('is not revoked at the API while the chain cannot say its delegation is disabled', async () => {
    const { body, delegation } = await permissionBody()
    await create(aliceOn(31337), body)
    const pci = delegationHash(delegation)
    const reply = await send(app, 'POST', `/v1/sessions/${aliceOn(31337)}/revoke`, await revokeBody(pci))
    expect([reply.status, reason(reply)]).toEqual([409, SessionReason.enabledOnChain])
    expect((await list(aliceOn(31337))).body.pcis.map((s) => s.pci)).toEqual([pci])
  })
})
