import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { RelayConfig } from './config'

const DELEGATOR = '0x7cBD3Fb637aB3C068bf8649Bf8f4da73d7C451ae'
const PAYMASTER = '0xb5Bf46f7E48FF4497CA4bF1a7660e481851BD4cd'
const builtIn = { relayerKey: generatePrivateKey(), paymasterSignerKey: generatePrivateKey(), paymaster: PAYMASTER }
const policy = { projectId: 'demo', chains: [8453, 10], contracts: [], dailyBudgetWei: '1000' }
const services = { bundlerUrl: 'https://bundler.example/rpc?apikey=k', paymasterUrl: 'https://paymaster.example/rpc' }
const problems = (config: unknown) => {
  const parsed = RelayConfig.safeParse(config)
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the relay config', () => {
  it('takes the built-in relay, external services per chain, or both', () => {
    expect(problems({ ...builtIn, delegator: DELEGATOR, policies: [policy] })).toEqual([])
    expect(problems({ delegator: DELEGATOR, external: { 8453: services, 10: services }, policies: [policy] })).toEqual([])
    expect(problems({ ...builtIn, delegator: DELEGATOR, external: { 8453: services }, policies: [policy] })).toEqual([])
  })

  it('refuses half the built-in relay, a sponsored chain without a relay, and a bad service', () => {
    expect(problems({ relayerKey: builtIn.relayerKey, delegator: DELEGATOR, policies: [] })).toEqual([
      'paymasterSignerKey: the built-in relay needs relayerKey, paymasterSignerKey, paymaster together',
      'paymaster: the built-in relay needs relayerKey, paymasterSignerKey, paymaster together',
    ])
    expect(problems({ delegator: DELEGATOR, external: { 8453: services }, policies: [policy] })).toEqual([
      'policies: sponsored chains without a relay (10): give them the built-in relay (relayerKey, paymasterSignerKey, paymaster) or an external bundler and paymaster',
    ])
    expect(problems({ delegator: DELEGATOR, external: { base: services }, policies: [] })).toEqual([
      'external.base: must be a decimal EVM chain id',
    ])
    expect(problems({ delegator: DELEGATOR, external: { 10: { ...services, paymasterUrl: 'ftp://x' } }, policies: [] })[0]).toMatch(
      /^external\.10\.paymasterUrl: /,
    )
  })
})
