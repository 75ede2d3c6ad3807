import { recoverAuthorizationAddress } from 'viem/utils'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DELEGATION_CODE_PREFIX, isDelegatedTo, signAuthorizationWithChainId } from './authorization'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const delegator = '0x7cBD3Fb637aB3C068bf8649Bf8f4da73d7C451ae'

describe('signAuthorizationWithChainId', () => {
  it('signs an authorization bound to the chain, recoverable to the EOA', async () => {
    const signed = await signAuthorizationWithChainId(account, { chainId: 31337, contractAddress: delegator, nonce: 3 })
    expect(signed).toMatchObject({ chainId: 31337, address: delegator, nonce: 3 })
    expect(await recoverAuthorizationAddress({ authorization: signed })).toBe(account.address)
  })

  it.each([0, -1, 1.5, Number.NaN, 2 ** 53])('refuses chain id %s (0 would be valid on every chain)', async (chainId) => {
    await expect(signAuthorizationWithChainId(account, { chainId, contractAddress: delegator, nonce: 0 })).rejects.toThrow(
      'An EIP-7702 authorization must name its chain: chain id 0 is valid on every chain',
    )
  })

  it('refuses a bad implementation address or nonce', async () => {
    await expect(signAuthorizationWithChainId(account, { chainId: 1, contractAddress: '0xabc', nonce: 0 })).rejects.toThrow(
      /Not an address/,
    )
    await expect(signAuthorizationWithChainId(account, { chainId: 1, contractAddress: delegator, nonce: -1 })).rejects.toThrow(/nonce/)
  })
})

describe('isDelegatedTo', () => {
  it('matches 0xef0100 ‖ implementation in any case, nothing else', () => {
    expect(DELEGATION_CODE_PREFIX).toBe('0xef0100')
    expect(isDelegatedTo(`0xef0100${delegator.slice(2).toLowerCase()}`, delegator)).toBe(true)
    expect(isDelegatedTo(`0xEF0100${delegator.slice(2).toUpperCase()}`, delegator)).toBe(true)
    expect(isDelegatedTo(`0xef0100${'11'.repeat(20)}`, delegator)).toBe(false)
    expect(isDelegatedTo('0x', delegator)).toBe(false)
    expect(isDelegatedTo(undefined, delegator)).toBe(false)
    expect(isDelegatedTo(`0xef0100${delegator.slice(2)}00`, delegator)).toBe(false)
  })
})
