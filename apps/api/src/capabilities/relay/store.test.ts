import { parseEther, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { PaymasterPolicy, type SponsorshipRequest } from './policy'
import {
  findUserOperation,
  getPolicy,
  openReservation,
  recordUserOperation,
  releaseReservation,
  reserveSponsorship,
  settleReservation,
  spentToday,
  upsertPolicies,
} from './store'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const NOON = Date.UTC(2026, 10, 29, 12)
const TTL = 10 * 60_000

let db: Database
beforeAll(async () => void (db = await openDatabase()))
afterAll(() => db.close())

let n = 0
/** A policy of a fresh project: 1 ETH a day on chain 31337, USDC only. */
async function freshPolicy(over: Partial<PaymasterPolicy> = {}): Promise<PaymasterPolicy> {
  const policy = PaymasterPolicy.parse({ projectId: `p${++n}`, chains: [31337], contracts: [USDC], dailyBudgetWei: parseEther('1') })
  await upsertPolicies(db, [{ ...policy, ...over }])
  return (await getPolicy(db, policy.projectId))!
}
const op = (maxCostWei: bigint): SponsorshipRequest => ({ chainId: 31337, sender: ACCOUNT, calls: [{ to: USDC }], maxCostWei })

describe('paymaster store', () => {
  it('reads back the policy it upserted, and replaces it on the next start', async () => {
    const policy = await freshPolicy({ maxOperationCostWei: 5n })
    expect(policy).toEqual({
      projectId: policy.projectId,
      chains: [31337],
      contracts: [USDC],
      dailyBudgetWei: parseEther('1'),
      maxOperationCostWei: 5n,
    })
    await upsertPolicies(db, [{ ...policy, chains: [1, 10], maxOperationCostWei: undefined, dailyBudgetWei: 2n ** 200n }])
    const replaced = await getPolicy(db, policy.projectId)
    expect(replaced).toEqual({ projectId: policy.projectId, chains: [1, 10], contracts: [USDC], dailyBudgetWei: 2n ** 200n })
    expect(await getPolicy(db, 'nobody')).toBeUndefined()
  })

  it('reserves up to exactly the budget and refuses one wei more, saying what is left', async () => {
    const policy = await freshPolicy()
    expect((await reserveSponsorship(db, policy, op(parseEther('0.75')), { now: NOON, ttlMs: TTL })).ok).toBe(true)
    expect((await reserveSponsorship(db, policy, op(parseEther('0.25')), { now: NOON, ttlMs: TTL })).ok).toBe(true)
    const refused = await reserveSponsorship(db, policy, op(1n), { now: NOON, ttlMs: TTL })
    expect(refused).toEqual({ ok: false, reason: expect.stringContaining('(0 ETH of 1 ETH until midnight UTC)') })
    expect(await spentToday(db, policy.projectId, 31337, NOON)).toBe(parseEther('1'))
  })

  it('settles a reservation to the gas actually paid, once', async () => {
    const policy = await freshPolicy()
    const reserved = await reserveSponsorship(db, policy, op(parseEther('0.5')), { now: NOON, ttlMs: TTL })
    if (!reserved.ok) throw new Error(reserved.reason)
    expect(await settleReservation(db, reserved.id, 123_456n)).toBe(true)
    expect(await settleReservation(db, reserved.id, 999n)).toBe(false)
    expect(await releaseReservation(db, reserved.id)).toBe(false)
    expect(await spentToday(db, policy.projectId, 31337, NOON)).toBe(123_456n)
  })

  it('gives a released reservation back, and an expired one stops counting', async () => {
    const policy = await freshPolicy()
    const first = await reserveSponsorship(db, policy, op(parseEther('0.6')), { now: NOON, ttlMs: TTL })
    if (!first.ok) throw new Error(first.reason)
    expect(await releaseReservation(db, first.id)).toBe(true)
    expect(await spentToday(db, policy.projectId, 31337, NOON)).toBe(0n)
    await reserveSponsorship(db, policy, op(parseEther('0.6')), { now: NOON, ttlMs: TTL })
    expect(await spentToday(db, policy.projectId, 31337, NOON + TTL - 1)).toBe(parseEther('0.6'))
    expect(await spentToday(db, policy.projectId, 31337, NOON + TTL)).toBe(0n)
  })

  it('starts a new budget at midnight UTC; a settlement counts on the day it was reserved', async () => {
    const policy = await freshPolicy()
    const beforeMidnight = Date.UTC(2026, 10, 29, 23, 59, 59, 999)
    const late = await reserveSponsorship(db, policy, op(parseEther('1')), { now: beforeMidnight, ttlMs: TTL })
    if (!late.ok) throw new Error(late.reason)
    expect((await reserveSponsorship(db, policy, op(1n), { now: beforeMidnight, ttlMs: TTL })).ok).toBe(false)
    expect((await reserveSponsorship(db, policy, op(parseEther('1')), { now: beforeMidnight + 1, ttlMs: TTL })).ok).toBe(true)
    await settleReservation(db, late.id, parseEther('0.1'))
    expect(await spentToday(db, policy.projectId, 31337, beforeMidnight)).toBe(parseEther('0.1'))
    expect(await spentToday(db, policy.projectId, 31337, beforeMidnight + 1)).toBe(parseEther('1'))
  })

  it('a new approval for the same operation replaces the earlier one, which still counts while the new one is checked', async () => {
    const policy = await freshPolicy()
    const key = `31337:${ACCOUNT}:0`
    const first = await reserveSponsorship(db, policy, op(parseEther('0.6')), { now: NOON, ttlMs: TTL, key })
    expect((await reserveSponsorship(db, policy, op(parseEther('0.5')), { now: NOON, ttlMs: TTL, key })).ok).toBe(false)
    expect(await openReservation(db, key, NOON)).toBe(first.ok && first.id)
    const second = await reserveSponsorship(db, policy, op(parseEther('0.3')), { now: NOON, ttlMs: TTL, key })
    expect(await openReservation(db, key, NOON)).toBe(second.ok && second.id)
    expect(await spentToday(db, policy.projectId, 31337, NOON)).toBe(parseEther('0.3'))
    expect(await openReservation(db, `31337:${ACCOUNT}:1`, NOON)).toBeUndefined()
  })

  it('sending the approved operation replaces its reservation without counting it twice', async () => {
    const policy = await freshPolicy()
    const key = `31337:${ACCOUNT}:7`
    await reserveSponsorship(db, policy, op(parseEther('0.6')), { now: NOON, ttlMs: TTL, key })
    const sent = await reserveSponsorship(db, policy, op(parseEther('0.6')), { now: NOON, ttlMs: TTL, key, replace: true })
    expect(sent.ok).toBe(true)
    expect(await spentToday(db, policy.projectId, 31337, NOON)).toBe(parseEther('0.6'))
  })

  it('refuses a project without a policy and keeps projects and chains apart', async () => {
    expect(await reserveSponsorship(db, undefined, op(1n), { now: NOON, ttlMs: TTL })).toEqual({
      ok: false,
      reason: 'This project has no paymaster policy: its user operations are not sponsored',
    })
    const a = await freshPolicy({ chains: [31337, 31338] })
    const b = await freshPolicy()
    await reserveSponsorship(db, a, op(parseEther('1')), { now: NOON, ttlMs: TTL })
    expect((await reserveSponsorship(db, a, { ...op(parseEther('1')), chainId: 31338 }, { now: NOON, ttlMs: TTL })).ok).toBe(true)
    expect((await reserveSponsorship(db, b, op(parseEther('1')), { now: NOON, ttlMs: TTL })).ok).toBe(true)
  })

  it('lets only as many concurrent reservations through as the budget holds', async () => {
    const policy = await freshPolicy()
    const results = await Promise.all(
      Array.from({ length: 10 }, () => reserveSponsorship(db, policy, op(parseEther('0.3')), { now: NOON, ttlMs: TTL })),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(3)
    expect(await spentToday(db, policy.projectId, 31337, NOON)).toBe(parseEther('0.9'))
  })

  it('records the user operations it sent, found by hash in any case', async () => {
    const hash = `0x${'ab'.repeat(32)}` as const
    const sent = {
      chainId: 31337,
      userOpHash: hash,
      projectId: 'demo',
      entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' as const,
      userOperation: { sender: ACCOUNT, nonce: '0x0' },
      txHash: `0x${'cd'.repeat(32)}` as const,
      reservationId: 'op|1',
    }
    await recordUserOperation(db, sent)
    expect(await findUserOperation(db, 31337, hash.toUpperCase().replace('0X', '0x'))).toEqual(sent)
    expect(await findUserOperation(db, 31338, hash)).toBeUndefined()
  })
})
