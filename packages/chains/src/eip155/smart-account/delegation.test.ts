import { contracts, ExecutionMode, signDelegation as kitSignDelegation } from '@metamask/smart-accounts-kit'
import { createCaveatBuilder, hashDelegation, SIGNABLE_DELEGATION_TYPED_DATA } from '@metamask/smart-accounts-kit/utils'
import { encodeFunctionData, erc20Abi, pad, toHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import {
  allowedCalldataTerms,
  delegationHash,
  decodePermissionContext,
  delegationTypedData,
  encodeDisableDelegation,
  encodePermissionContext,
  encodeRedeemDelegations,
  erc20PeriodTransferTerms,
  ROOT_AUTHORITY,
  signDelegation,
  timestampTerms,
  type Delegation,
} from './delegation'
import { encodeExecution } from './execution'

const eoaKey = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const eoa = privateKeyToAccount(eoaKey)
const sessionKey = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const usdc: Address = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const recipient: Address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'
const enforcers = {
  ERC20PeriodTransferEnforcer: '0xBaA0F2d439faBCBcb3b2A727129D4D7519A6E76C',
  AllowedCalldataEnforcer: '0xB6CD91Ab653f5bc05E3b9e0991177030F4b02344',
  TimestampEnforcer: '0x91237A8AA7E54FD455D6E930098978d8Be033921',
} as const
const domain = { chainId: 31337, delegationManager: '0x9D77212c7071C57874d62EC578cff4568178F176' as Address }
// The kit's Delegation: a hex salt, mutable arrays.
const forKit = (d: Delegation) => ({ ...d, caveats: [...d.caveats], salt: toHex(d.salt) })
// Only the fields the caveat builder reads.
const environment = { caveatEnforcers: enforcers } as unknown as Parameters<typeof createCaveatBuilder>[0]

const period = { token: usdc, periodAmount: 10_000_000n, periodDuration: 86_400, startDate: 1_700_000_000 }
const window = { after: 0, before: 1_900_000_000 }
const caveats = [
  { enforcer: enforcers.ERC20PeriodTransferEnforcer, terms: erc20PeriodTransferTerms(period), args: '0x' },
  { enforcer: enforcers.AllowedCalldataEnforcer, terms: allowedCalldataTerms({ startIndex: 4, value: pad(recipient) }), args: '0x' },
  { enforcer: enforcers.TimestampEnforcer, terms: timestampTerms(window), args: '0x' },
] as const
const unsigned: Delegation = {
  delegate: sessionKey.address,
  delegator: eoa.address,
  authority: ROOT_AUTHORITY,
  caveats,
  salt: 7n,
  signature: '0x',
}

describe('delegations', () => {
  it('caveat terms are the kit’s', () => {
    const built = createCaveatBuilder(environment, { allowInsecureUnrestrictedDelegation: true })
      .addCaveat('erc20PeriodTransfer', {
        tokenAddress: usdc,
        periodAmount: period.periodAmount,
        periodDuration: period.periodDuration,
        startDate: period.startDate,
      })
      .addCaveat('allowedCalldata', { startIndex: 4, value: pad(recipient) })
      .addCaveat('timestamp', { afterThreshold: window.after, beforeThreshold: window.before })
      .build()
    // Bytes: compared without regard to case.
    const bytes = (list: readonly { enforcer: Address; terms: Hex }[]) =>
      list.map(({ enforcer, terms }) => ({ enforcer, terms: terms.toLowerCase() }))
    expect(bytes(caveats)).toEqual(bytes(built))
  })

  it('hash, typed data and signature are the kit’s (DelegationManager domain; the signature and args are not signed)', async () => {
    expect(ROOT_AUTHORITY).toBe(`0x${'f'.repeat(64)}`)
    expect(delegationTypedData(unsigned, domain).types).toEqual(SIGNABLE_DELEGATION_TYPED_DATA)
    expect(delegationHash(unsigned)).toBe(hashDelegation(forKit(unsigned)))
    const signed = await signDelegation(eoa, unsigned, domain)
    expect(signed.signature).toBe(await kitSignDelegation({ privateKey: eoaKey, delegation: forKit(unsigned), ...domain }))
    expect(delegationHash({ ...signed, caveats: caveats.map((c) => ({ ...c, args: '0x1234' })) })).toBe(delegationHash(unsigned))
    await expect(signDelegation(sessionKey, unsigned, domain)).rejects.toThrow(/is not the delegator/)
  })

  it('redeemDelegations and disableDelegation calldata are the kit’s', async () => {
    const signed = await signDelegation(eoa, unsigned, domain)
    const transfer = { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 4_000_000n] }) }
    const { mode, executionCalldata } = encodeExecution([transfer])
    expect(encodeRedeemDelegations([[signed]], [mode], [executionCalldata])).toBe(
      contracts.DelegationManager.encode.redeemDelegations({
        delegations: [[forKit(signed)]],
        modes: [ExecutionMode.SingleDefault],
        executions: [[{ target: transfer.to, value: 0n, callData: transfer.data }]],
      }),
    )
    expect(encodeDisableDelegation(signed)).toBe(contracts.DelegationManager.encode.disableDelegation({ delegation: forKit(signed) }))
    expect(() => encodeRedeemDelegations([[signed]], [mode, mode], [executionCalldata])).toThrow(
      /as many delegation chains, modes and executions/,
    )
  })

  it('a permission context decodes back to its delegations; bytes that are not one throw', async () => {
    const signed = await signDelegation(eoa, unsigned, domain)
    const [decoded, ...rest] = decodePermissionContext(encodePermissionContext([signed]))
    expect(rest).toEqual([])
    expect(delegationHash(decoded!)).toBe(delegationHash(signed))
    expect(decoded!.signature).toBe(signed.signature)
    expect(() => decodePermissionContext('0x1234')).toThrow()
  })

  it('terms encoders refuse what the enforcers would refuse', () => {
    expect(() => erc20PeriodTransferTerms({ ...period, startDate: 0 })).toThrow(/positive amount, duration and start date/)
    expect(() => erc20PeriodTransferTerms({ ...period, periodAmount: 0n })).toThrow(/positive/)
    expect(() => timestampTerms({ after: 10, before: 5 })).toThrow(/must end after it starts/)
    expect(() => timestampTerms({ after: 1.5, before: 0 })).toThrow('after must be an integer, got 1.5')
    expect(() => timestampTerms({ after: 0, before: 2 ** 52 })).not.toThrow()
    expect(() => allowedCalldataTerms({ startIndex: 4, value: '0x' })).toThrow(/non-empty/)
  })
})
