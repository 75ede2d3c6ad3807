import { parseEther, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { checkDelegationSponsorship, checkSponsorship, PaymasterPolicy, utcDay, type SponsorshipRequest } from './policy'

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const ROUTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as Address
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address

const policy = PaymasterPolicy.parse({
  projectId: 'demo',
  chains: [31337],
  contracts: [USDC.toLowerCase(), ROUTER],
  dailyBudgetWei: parseEther('1'),
})
const request = (over: Partial<SponsorshipRequest> = {}): SponsorshipRequest => ({
  chainId: 31337,
  sender: ACCOUNT,
  calls: [{ to: USDC }, { to: ROUTER }],
  maxCostWei: parseEther('0.1'),
  ...over,
})
const reason = (result: ReturnType<typeof checkSponsorship>) => (result.ok ? 'ok' : result.reason)

describe('checkSponsorship', () => {
  it('sponsors a batch whose every call targets a listed contract, within the budget', () => {
    expect(checkSponsorship(policy, request(), 0n)).toEqual({ ok: true })
  })

  it('refuses a project without a policy', () => {
    expect(reason(checkSponsorship(undefined, request(), 0n))).toBe(
      'This project has no paymaster policy: its user operations are not sponsored',
    )
  })

  it('refuses a chain the policy does not list, and an unknown chain', () => {
    expect(reason(checkSponsorship(policy, request({ chainId: 31338 }), 0n))).toBe(
      'Project demo does not sponsor user operations on chain 31338',
    )
    expect(reason(checkSponsorship(policy, request({ chainId: 0 }), 0n))).toMatch(/on chain 0$/)
  })

  it('names the contract a call may not target, checking every call of the batch', () => {
    const stranger = '0x000000000000000000000000000000000000dEaD'
    expect(reason(checkSponsorship(policy, request({ calls: [{ to: USDC }, { to: stranger as Address }] }), 0n))).toBe(
      'Project demo does not sponsor calls to 0x000000000000000000000000000000000000dEaD: the contracts it sponsors are listed in its paymaster policy',
    )
  })

  it('refuses a call to the account itself unless the policy lists it', () => {
    expect(reason(checkSponsorship(policy, request({ calls: [{ to: ACCOUNT }] }), 0n))).toContain(
      `calls to the account itself (${ACCOUNT})`,
    )
    const listed = { ...policy, contracts: [...policy.contracts, ACCOUNT] }
    expect(checkSponsorship(listed, request({ calls: [{ to: ACCOUNT.toLowerCase() as Address }] }), 0n).ok).toBe(true)
  })

  it('refuses an empty batch', () => {
    expect(reason(checkSponsorship(policy, request({ calls: [] }), 0n))).toBe(
      'The user operation makes no call: there is nothing to sponsor',
    )
  })

  it('sponsors up to exactly the daily budget and refuses one wei over, saying what is left', () => {
    expect(checkSponsorship(policy, request({ maxCostWei: parseEther('0.25') }), parseEther('0.75')).ok).toBe(true)
    expect(reason(checkSponsorship(policy, request({ maxCostWei: parseEther('0.25') + 1n }), parseEther('0.75')))).toBe(
      "The user operation may cost up to 0.250000000000000001 ETH, over what is left of project demo's daily gas budget on chain 31337 (0.25 ETH of 1 ETH until midnight UTC)",
    )
  })

  it('says nothing is left when more than the budget was spent (a settlement over its reservation)', () => {
    expect(reason(checkSponsorship(policy, request({ maxCostWei: 1n }), parseEther('2')))).toContain('(0 ETH of 1 ETH until midnight UTC)')
  })

  it('refuses an operation over the per-operation cap even with budget left', () => {
    const capped = { ...policy, maxOperationCostWei: parseEther('0.01') }
    expect(checkSponsorship(capped, request({ maxCostWei: parseEther('0.01') }), 0n).ok).toBe(true)
    expect(reason(checkSponsorship(capped, request({ maxCostWei: parseEther('0.01') + 1n }), 0n))).toBe(
      "The user operation may cost up to 0.010000000000000001 ETH, over project demo's limit of 0.01 ETH per operation: lower its gas limits or fees",
    )
  })

  it('refuses hostile numbers: a negative cost, a cost past 2^256', () => {
    expect(reason(checkSponsorship(policy, request({ maxCostWei: -1n }), 0n))).toBe("The user operation's maximum cost is negative")
    expect(reason(checkSponsorship(policy, request({ maxCostWei: 2n ** 300n }), 0n))).toMatch(/over what is left/)
  })
})

describe('PaymasterPolicy', () => {
  it('takes wei as decimal strings and checksums the contracts', () => {
    const parsed = PaymasterPolicy.parse({ projectId: 'p', chains: [1], contracts: [USDC.toLowerCase()], dailyBudgetWei: '1000' })
    expect(parsed.dailyBudgetWei).toBe(1000n)
    expect(parsed.contracts).toEqual([USDC])
  })

  it.each([
    ['a negative budget', { dailyBudgetWei: -1n }],
    ['a budget past 2^256', { dailyBudgetWei: 2n ** 256n }],
    ['a budget in hex', { dailyBudgetWei: '0x10' }],
    ['a fractional chain id', { chains: [1.5] }],
    ['chain id 0', { chains: [0] }],
    ['no chain', { chains: [] }],
    ['a malformed contract', { contracts: ['0x1234'] }],
    ['a bad project id', { projectId: 'a b' }],
  ])('refuses %s', (_, over) => {
    expect(PaymasterPolicy.safeParse({ projectId: 'p', chains: [1], contracts: [], dailyBudgetWei: 1n, ...over }).success).toBe(false)
  })
})

describe('utcDay', () => {
  it('rolls over at midnight UTC, not local midnight', () => {
    const midnight = Date.UTC(2026, 10, 29)
    expect(utcDay(midnight - 1)).toBe('2026-11-28')
    expect(utcDay(midnight)).toBe('2026-11-29')
  })
})

describe('checkDelegationSponsorship', () => {
  it('checks the chain and the budget of a type-4 transaction', () => {
    expect(checkDelegationSponsorship(policy, { chainId: 31337, maxCostWei: parseEther('1') }, 0n)).toEqual({ ok: true })
    expect(reason(checkDelegationSponsorship(policy, { chainId: 31337, maxCostWei: 1n }, parseEther('1')))).toBe(
      "The delegation may cost up to 0.000000000000000001 ETH, over what is left of project demo's daily gas budget on chain 31337 (0 ETH of 1 ETH until midnight UTC)",
    )
    expect(reason(checkDelegationSponsorship(policy, { chainId: 1, maxCostWei: 1n }, 0n))).toBe(
      'Project demo does not sponsor user operations on chain 1',
    )
    expect(reason(checkDelegationSponsorship(undefined, { chainId: 1, maxCostWei: 1n }, 0n))).toMatch(/no paymaster policy/)
  })
})
