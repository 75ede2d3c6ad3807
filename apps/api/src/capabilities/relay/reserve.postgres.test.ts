import { parseEther, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { postgresUnavailable, startTestPostgres, type TestPostgres } from '../../testing/postgres'
import { PaymasterPolicy } from './policy'
import { reserveSponsorship, spentToday, upsertPolicies } from './store'

/**
 * The paymaster's reserve against a real Postgres server shared by two API processes' pools:
 * concurrent reservations from both must not take the last of a budget twice.
 */
const unavailable = await postgresUnavailable()
if (unavailable) console.warn(`[reserve.postgres.test] skipped: ${unavailable}`)

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address

describe.skipIf(unavailable !== undefined)('paymaster reservations on a real Postgres server', () => {
  let server: TestPostgres | undefined
  let first: Database
  let second: Database

  beforeAll(async () => {
    server = await startTestPostgres()
    const url = await server.createDatabase('airlock_relay')
    first = await openDatabase({ url })
    second = await openDatabase({ url })
  }, 120_000)

  afterAll(async () => {
    await first?.close()
    await second?.close()
    await server?.stop()
  }, 60_000)

  it('lets exactly as many of 20 concurrent reservations from two processes through as the budget holds', async () => {
    const policy = PaymasterPolicy.parse({ projectId: 'demo', chains: [31337], contracts: [USDC], dailyBudgetWei: parseEther('1') })
    await upsertPolicies(first, [policy])
    const now = Date.now()
    const request = { chainId: 31337, sender: ACCOUNT, calls: [{ to: USDC }], maxCostWei: parseEther('0.15') }
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserveSponsorship(i % 2 ? first : second, policy, request, { now, ttlMs: 60_000 })),
    )
    expect(results.filter((result) => result.ok)).toHaveLength(6)
    expect(results.find((result) => !result.ok)).toEqual({
      ok: false,
      reason: expect.stringContaining('(0.1 ETH of 1 ETH until midnight UTC)'),
    })
    expect(await spentToday(second, 'demo', 31337, now)).toBe(parseEther('0.9'))
  })
})
