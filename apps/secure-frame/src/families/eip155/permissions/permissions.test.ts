// @vitest-environment happy-dom
import {
  allowedCalldataTerms,
  delegationHash,
  encodeDisableDelegation,
  encodeExecute,
  erc20PeriodTransferTerms,
  timestampTerms,
} from '@airlock/chains/eip155'
import { WalletRequestExecutionPermissionsParams, type ExecutionPermissionRequest } from '@airlock/protocol'
import { pad, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { renderPrompt } from '../../../confirm/render'
import { normalizeRequest, permissionDelegation } from './caveats'
import { delegationFramework } from './framework'
import { revokedPermissions } from './revokeSheet'
import { decodePermissions, permissionLine, periodInWords, type ShownPermissions } from './sheet'
import { permissionOfDelegation } from './terms'

/**
 * A permission request becomes the delegation the chain enforces (caveats.ts) and the sheet the user
 * reads (sheet.ts, render.ts): the same normalized request feeds both, so what is shown is what is signed.
 */

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const PAYEE = '0x000000000000000000000000000000000000dEaD' as Address
const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58' as Address
const DELEGATOR = '0x7cBD3Fb637aB3C068bf8649Bf8f4da73d7C451ae'
const NOW = 1_800_000_000
const framework = delegationFramework(DELEGATOR)!

const request = (overrides: Partial<ExecutionPermissionRequest> = {}): ExecutionPermissionRequest => ({
  chainId: '0x7a69',
  from: FROM,
  to: SESSION,
  permission: {
    type: 'erc20-token-periodic',
    isAdjustmentAllowed: false,
    data: { tokenAddress: USDC, periodAmount: '0x989680', periodDuration: 86_400 },
  },
  rules: [
    { type: 'expiry', data: { timestamp: NOW + 3600 } },
    { type: 'payee', data: { addresses: [PAYEE] } },
  ],
  ...overrides,
})

describe('the delegation of a permission', () => {
  it('holds 10 USDC a day from now, to the payee only, until the expiry: one caveat each, at the known enforcers', () => {
    const granted = normalizeRequest(request(), FROM, NOW)
    expect(granted.permission.data.startTime).toBe(NOW)
    const delegation = permissionDelegation(granted, framework, 7n)
    expect(delegation).toMatchObject({ delegate: SESSION, delegator: FROM, salt: 7n, signature: '0x' })
    expect(delegation.caveats).toEqual([
      {
        enforcer: framework.erc20PeriodTransferEnforcer,
        terms: erc20PeriodTransferTerms({ token: USDC, periodAmount: 10_000_000n, periodDuration: 86_400, startDate: NOW }),
        args: '0x',
      },
      { enforcer: framework.allowedCalldataEnforcer, terms: allowedCalldataTerms({ startIndex: 4, value: pad(PAYEE) }), args: '0x' },
      { enforcer: framework.timestampEnforcer, terms: timestampTerms({ after: 0, before: NOW + 3600 }), args: '0x' },
    ])
    // Another salt, another delegation: each grant is revoked on its own.
    expect(delegationHash(permissionDelegation(granted, framework, 8n))).not.toBe(delegationHash(delegation))
  })

  it('without a payee or an expiry has no caveat for them: any recipient, until revoked', () => {
    const granted = normalizeRequest(request({ rules: [] }), FROM, NOW)
    expect(permissionDelegation(granted, framework, 1n).caveats.map((caveat) => caveat.enforcer)).toEqual([
      framework.erc20PeriodTransferEnforcer,
    ])
  })

  it('refuses what the chain could not hold as asked, before the user is asked', () => {
    const refusals: [ExecutionPermissionRequest, RegExp][] = [
      [request({ from: SESSION }), /not this wallet/],
      [request({ to: FROM }), /must not be this wallet/],
      [request({ rules: [{ type: 'expiry', data: { timestamp: NOW } }] }), /expiry is in the past/],
      [
        request({
          permission: {
            type: 'erc20-token-periodic',
            isAdjustmentAllowed: false,
            data: { tokenAddress: USDC, periodAmount: '0x1', periodDuration: 60, startTime: NOW + 7200 },
          },
        }),
        /starts after it expires/,
      ],
      [
        request({
          permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x1', periodDuration: 60 } },
        }),
        /native-token-periodic/,
      ],
    ]
    for (const [asked, reason] of refusals) expect(() => normalizeRequest(asked, FROM, NOW)).toThrow(reason)
    expect(delegationFramework('0x0000000000000000000000000000000000000001')).toBeUndefined()
  })

  it('hostile params are refused by the protocol schema first', () => {
    const hostile: unknown[] = [
      [{ ...request(), extra: 1 }],
      [{ ...request(), rules: [{ type: 'payee', data: { addresses: [PAYEE, SESSION] } }] }],
      [
        {
          ...request(),
          rules: [
            { type: 'expiry', data: { timestamp: 1 } },
            { type: 'expiry', data: { timestamp: 2 } },
          ],
        },
      ],
      [{ ...request(), permission: { ...request().permission, data: { tokenAddress: USDC, periodAmount: '0x0', periodDuration: 1 } } }],
      [{ ...request(), to: 'not an address' }],
      JSON.parse(`[{"__proto__": {"polluted": true}}]`),
      Array.from({ length: 17 }, () => request()),
    ]
    for (const params of hostile) expect(WalletRequestExecutionPermissionsParams.safeParse(params).success).toBe(false)
  })
})

describe('the permission sheet', () => {
  const shown = (requests = [normalizeRequest(request(), FROM, NOW)]): ShownPermissions => ({ from: FROM, chainId: 31337, requests })

  it('says which token, how much per period, to whom, from and until when', () => {
    expect(decodePermissions([shown()], FROM, 31337)).toEqual({
      upgradeTo: undefined,
      permissions: [
        {
          sessionAccount: SESSION,
          token: `USDC (${USDC})`,
          amountText: '10 USDC',
          periodText: 'per day',
          payee: PAYEE,
          startText: '2027-01-15 08:00 UTC',
          untilText: '2027-01-15 09:00 UTC',
        },
      ],
    })
    const root = renderPrompt(
      {
        request: { method: 'wallet_requestExecutionPermissions', params: [shown()], chainId: 31337, from: FROM },
        origin: undefined,
        dappName: 'Demo',
      },
      { popupButton: false, canProveVisibility: true },
    ).root
    const sheet = root.querySelector('[data-testid="permission-sheet"]')!
    expect(sheet.querySelector('[data-testid="permission-amount"]')!.textContent).toBe('10 USDC per day')
    expect(sheet.querySelector('[data-testid="permission-payee"]')!.textContent).toBe(PAYEE)
    expect(root.querySelector('[data-testid="approve-confirm"]')).not.toBeNull()
  })

  it('names periods in words and an unknown token by its address in base units', () => {
    expect([60, 3600, 7200, 86_400, 604_800, 90, 1_209_600].map(periodInWords)).toEqual([
      'per minute',
      'per hour',
      'every 2 hours',
      'per day',
      'per week',
      'every 90 seconds',
      'every 2 weeks',
    ])
    const other = '0x1111111111111111111111111111111111111111'
    const unknown = normalizeRequest(
      request({
        permission: {
          type: 'erc20-token-periodic',
          isAdjustmentAllowed: false,
          data: { tokenAddress: other, periodAmount: '0x10', periodDuration: 60 },
        },
        rules: null,
      }),
      FROM,
      NOW,
    )
    const decoded = decodePermissions([shown([unknown])], FROM, 31337)
    expect(decoded).toMatchObject({
      permissions: [{ token: other, amountText: '16 base units of an unknown token', payee: undefined, untilText: 'until you revoke it' }],
    })
  })

  it('cannot be approved when it does not read back, or names another account or chain', () => {
    for (const [params, from, chainId] of [
      [[{ ...shown(), extra: true }], FROM, 31337],
      [[shown()], SESSION, 31337],
      [[shown()], FROM, 1],
      [[{ ...shown(), requests: [request()] }], FROM, 31337],
      ['nothing', FROM, 31337],
    ] as const)
      expect(typeof decodePermissions(params, from, chainId)).toBe('string')
  })
})

describe('a revoke’s prompt', () => {
  const granted = normalizeRequest(request(), FROM, NOW)
  const delegation = { ...permissionDelegation(granted, framework, 3n), signature: '0x1234' as const }
  const disable = (d = delegation, to: Address = framework.delegationManager) => ({ to, data: encodeDisableDelegation(d) })

  it('reads the disabled delegation back as the permission the grant showed', () => {
    expect(permissionOfDelegation(delegation, framework, 31337)).toMatchObject({
      to: SESSION,
      from: FROM,
      rules: expect.arrayContaining(granted.rules!),
    })
    expect(revokedPermissions(encodeExecute([disable()]), 31337)).toEqual([permissionLine(granted, 31337)])
  })

  it('says so for a delegation with caveats this wallet does not write, and finds nothing in other calls', () => {
    const foreign = { ...delegation, caveats: [...delegation.caveats, { enforcer: SESSION, terms: '0x01' as const, args: '0x' as const }] }
    const after = {
      ...delegation,
      caveats: delegation.caveats.map((caveat) =>
        caveat.enforcer === framework.timestampEnforcer ? { ...caveat, terms: timestampTerms({ after: NOW, before: NOW + 60 }) } : caveat,
      ),
    }
    expect(revokedPermissions(encodeExecute([disable(foreign), disable(after)]), 31337)).toEqual(['undescribed', 'undescribed'])
    // disableDelegation at another contract, or another call: no revoke (the prompt then refuses the batch).
    expect(revokedPermissions(encodeExecute([disable(delegation, SESSION), { to: USDC, data: '0x' }]), 31337)).toEqual([])
  })
})
