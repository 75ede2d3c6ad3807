import { describe, expect, it } from 'vitest'
import {
  EXECUTION_PERMISSION_TYPES,
  WalletGetGrantedExecutionPermissionsParams,
  WalletGetGrantedExecutionPermissionsResult,
  WalletGetSupportedExecutionPermissionsResult,
  WalletRequestExecutionPermissionsParams,
  WalletRequestExecutionPermissionsResult,
  WalletRevokeExecutionPermissionParams,
  WalletRevokeExecutionPermissionResult,
  executionPermissionError,
  fromLegacyGrant,
  unsupportedPermissionTypeMessage,
} from './erc7715'

const user = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const session = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const json = (text: string): unknown => JSON.parse(text)
const MAX_UINT256 = `0x${'f'.repeat(64)}`

/** What @metamask/smart-accounts-kit 2.0.0's requestExecutionPermissions sends for a daily USDC allowance to one payee. */
const erc20Request = () => ({
  chainId: '0x7a69',
  from: user,
  to: session,
  permission: {
    type: 'erc20-token-periodic',
    isAdjustmentAllowed: false,
    data: {
      tokenAddress: token,
      periodAmount: '0x989680',
      periodDuration: 86_400,
      startTime: 1_767_225_600,
      justification: 'Pay the rent',
    },
  },
  rules: [
    { type: 'expiry', data: { timestamp: 1_798_761_600 } },
    { type: 'payee', data: { addresses: [user] } },
  ],
})
const nativeRequest = () => ({
  chainId: '0x1',
  to: session,
  permission: {
    type: 'native-token-periodic',
    isAdjustmentAllowed: true,
    data: { periodAmount: '0xde0b6b3a7640000', periodDuration: 604_800 },
  },
  rules: [],
})
type Request = ReturnType<typeof erc20Request>
const request = (change: (request: Request) => void) => {
  const value = erc20Request()
  change(value)
  return WalletRequestExecutionPermissionsParams.safeParse([value])
}
const accepts = (change: (request: Request) => void) => request(change).success
const data = (patch: Record<string, unknown>) => accepts((r) => Object.assign(r.permission.data, patch))
const message = (change: (request: Request) => void) => {
  const parsed = request(change)
  return parsed.success ? '' : parsed.error.issues.map((issue) => issue.message).join('; ')
}

describe('wallet_requestExecutionPermissions params', () => {
  it('accepts the two periodic types as MetaMask sends them (rules empty, null or absent)', () => {
    expect(WalletRequestExecutionPermissionsParams.safeParse([erc20Request(), nativeRequest()]).success).toBe(true)
    expect(accepts((r) => Object.assign(r, { rules: null }))).toBe(true)
    expect(accepts((r) => Object.assign(r, { rules: undefined, from: undefined }))).toBe(true)
    expect(data({ startTime: null, justification: null })).toBe(true)
  })

  it('checks addresses by shape: checksummed and lower-case pass, anything else fails', () => {
    expect(accepts((r) => (r.to = user))).toBe(true)
    expect(accepts((r) => (r.to = session.toUpperCase().replace('0X', '0x')))).toBe(true)
    for (const to of [session.slice(0, -1), `${session}0`, session.slice(2), `0x${'g'.repeat(40)}`, '']) {
      expect(
        accepts((r) => (r.to = to)),
        to,
      ).toBe(false)
    }
    expect(accepts((r) => delete (r as { to?: string }).to)).toBe(false)
    expect(data({ tokenAddress: 'usdc' })).toBe(false)
  })

  it('periodAmount: above 0 and at most 2^256-1, as hex', () => {
    expect(data({ periodAmount: MAX_UINT256 })).toBe(true)
    expect(data({ periodAmount: '0x0001' })).toBe(true)
    for (const periodAmount of ['0x0', '0x000', `0x1${'0'.repeat(64)}`, '0x', '10', 10, '0x-1', '0xg1']) {
      expect(data({ periodAmount }), String(periodAmount)).toBe(false)
    }
  })

  it('periodDuration and startTime: whole seconds, positive and bounded; a past time is valid here', () => {
    for (const periodDuration of [0, -1, 0.5, 86_400.5, Number.NaN, Number.POSITIVE_INFINITY, '86400', 1e15]) {
      expect(data({ periodDuration }), String(periodDuration)).toBe(false)
    }
    expect(data({ periodDuration: 1 })).toBe(true)
    expect(data({ startTime: 1 })).toBe(true)
    for (const startTime of [-1, 1.5, 1_767_225_600_000, '1767225600']) expect(data({ startTime }), String(startTime)).toBe(false)
  })

  it('an expiry in the past is a valid number (the frame refuses it, not the schema)', () => {
    expect(accepts((r) => (r.rules[0] = { type: 'expiry', data: { timestamp: 1 } }))).toBe(true)
    for (const timestamp of [-1, 1.5, 1_798_761_600_000, '1798761600', null]) {
      expect(
        accepts((r) => (r.rules[0] = { type: 'expiry', data: { timestamp } as never })),
        String(timestamp),
      ).toBe(false)
    }
  })

  it('refuses chain 0 and non-hex chains', () => {
    for (const chainId of ['0x0', '0x', 1, '1', `0x${'f'.repeat(17)}`])
      expect(
        accepts((r) => (r.chainId = chainId as string)),
        String(chainId),
      ).toBe(false)
    expect(accepts((r) => (r.chainId = '0x01'))).toBe(true)
  })

  it('refuses unknown keys where one would be a limit the wallet ignores', () => {
    expect(data({ maxAmount: '0x1' })).toBe(false)
    expect(data({ recipient: user })).toBe(false)
    expect(accepts((r) => Object.assign(r.permission, { required: true }))).toBe(false)
    expect(accepts((r) => Object.assign(r, { expiry: 1 }))).toBe(false)
    expect(accepts((r) => Object.assign(r, { signer: { type: 'account', data: { address: session } } }))).toBe(false)
    expect(accepts((r) => Object.assign(r.rules[0]!.data, { extra: 1 }))).toBe(false)
  })

  it('refuses prototype keys', () => {
    const text = JSON.stringify(erc20Request())
    const polluted = text.replace('"tokenAddress"', '"__proto__":{"isAdmin":true},"tokenAddress"')
    expect(WalletRequestExecutionPermissionsParams.safeParse([json(polluted)]).success).toBe(false)
    expect(data({ constructor: { prototype: { x: 1 } } })).toBe(false)
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })

  it('names the unsupported permission type, and what this wallet grants', () => {
    const refusal = message((r) => (r.permission.type = 'native-token-stream'))
    expect(refusal).toBe(unsupportedPermissionTypeMessage('native-token-stream'))
    expect(refusal).toContain('erc20-token-periodic, native-token-periodic')
    expect(message((r) => (r.permission.type = 'x'.repeat(10_000)))).toContain(`"${'x'.repeat(64)}"`)
    expect(message((r) => (r.rules[0] = { type: 'gas-limit', data: { limit: '0x1' } } as never))).toContain(
      'Unsupported rule type "gas-limit"',
    )
    expect(executionPermissionError(refusal).toJSON()).toEqual({ code: -32602, message: refusal })
    expect(EXECUTION_PERMISSION_TYPES).toEqual(['erc20-token-periodic', 'native-token-periodic'])
  })

  it('the payee rule: one address; each rule type once', () => {
    expect(accepts((r) => (r.rules[1] = { type: 'payee', data: { addresses: [] } }))).toBe(false)
    expect(accepts((r) => (r.rules[1] = { type: 'payee', data: { addresses: [user, session] } }))).toBe(false)
    expect(accepts((r) => (r.rules[1] = { type: 'payee', data: { addresses: ['0x1234'] } }))).toBe(false)
    expect(accepts((r) => (r.rules[1] = r.rules[0]!))).toBe(false)
  })

  it('bounds the batch and the strings', () => {
    expect(WalletRequestExecutionPermissionsParams.safeParse([]).success).toBe(false)
    expect(WalletRequestExecutionPermissionsParams.safeParse(Array(16).fill(erc20Request())).success).toBe(true)
    expect(WalletRequestExecutionPermissionsParams.safeParse(Array(17).fill(erc20Request())).success).toBe(false)
    expect(data({ justification: 'x'.repeat(1001) })).toBe(false)
    for (const params of [undefined, null, erc20Request(), 'x', [null]]) {
      expect(WalletRequestExecutionPermissionsParams.safeParse(params).success).toBe(false)
    }
  })
})

describe('wallet_requestExecutionPermissions answer, and the reads', () => {
  const granted = () => ({
    ...erc20Request(),
    context: `0x${'ab'.repeat(400)}`,
    dependencies: [] as unknown[],
    delegationManager: '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3',
  })

  it('reads context, dependencies and delegationManager', () => {
    expect(WalletRequestExecutionPermissionsResult.safeParse([granted()]).success).toBe(true)
    expect(
      WalletRequestExecutionPermissionsResult.safeParse([{ ...granted(), dependencies: [{ factory: user, factoryData: '0x1234' }] }])
        .success,
    ).toBe(true)
    expect(WalletRequestExecutionPermissionsResult.safeParse([{ ...granted(), dependencies: [{ factory: user }] }]).success).toBe(false)
    expect(WalletRequestExecutionPermissionsResult.safeParse([{ ...granted(), context: '0x' }]).success).toBe(false)
    expect(WalletRequestExecutionPermissionsResult.safeParse([{ ...granted(), context: `0x${'00'.repeat(65_537)}` }]).success).toBe(false)
    expect(WalletRequestExecutionPermissionsResult.safeParse([{ ...granted(), dependencyInfo: [] }]).success).toBe(false)
  })

  it('granted permissions: the same answers; both reads take [] or nothing', () => {
    expect(WalletGetGrantedExecutionPermissionsResult.safeParse([]).success).toBe(true)
    expect(WalletGetGrantedExecutionPermissionsResult.safeParse([granted(), granted()]).success).toBe(true)
    expect(WalletGetGrantedExecutionPermissionsParams.safeParse([]).success).toBe(true)
    expect(WalletGetGrantedExecutionPermissionsParams.safeParse(undefined).success).toBe(true)
    expect(WalletGetGrantedExecutionPermissionsParams.safeParse([session]).success).toBe(false)
  })

  it('supported permissions: keyed by type, with chainIds and ruleTypes', () => {
    const supported = { 'erc20-token-periodic': { chainIds: ['0x1', '0x7a69'], ruleTypes: ['expiry', 'payee'] } }
    expect(WalletGetSupportedExecutionPermissionsResult.safeParse(supported).success).toBe(true)
    expect(WalletGetSupportedExecutionPermissionsResult.safeParse({ x: { chainIds: [], rulesTypes: [] } }).success).toBe(false)
    expect(WalletGetSupportedExecutionPermissionsResult.safeParse({ x: { chainIds: ['0x0'], ruleTypes: [] } }).success).toBe(false)
    expect(WalletGetSupportedExecutionPermissionsResult.safeParse(json('{"__proto__":{"chainIds":[],"ruleTypes":[]}}')).success).toBe(false)
  })
})

describe('wallet_revokeExecutionPermission', () => {
  const context = `0x${'ab'.repeat(100)}`
  it('takes { permissionContext }, bare or in an array; answers {}', () => {
    expect(WalletRevokeExecutionPermissionParams.safeParse({ permissionContext: context }).success).toBe(true)
    expect(WalletRevokeExecutionPermissionParams.safeParse([{ permissionContext: context }]).success).toBe(true)
    for (const params of [
      {},
      { permissionContext: 'ab' },
      { permissionContext: '0x' },
      { permissionContext: context, x: 1 },
      [{ eth_accounts: {} }],
      [context],
    ]) {
      expect(WalletRevokeExecutionPermissionParams.safeParse(params).success, JSON.stringify(params)).toBe(false)
    }
    expect(WalletRevokeExecutionPermissionResult.safeParse({}).success).toBe(true)
    expect(WalletRevokeExecutionPermissionResult.safeParse({ chainIds: [] }).success).toBe(false)
  })
})

describe('fromLegacyGrant (wallet_grantPermissions)', () => {
  /** AppKit's SmartSessionGrantPermissionsRequest, with a permission this wallet grants. */
  const legacy = () => ({
    chainId: '0x7a69',
    address: user,
    expiry: 1_798_761_600,
    signer: { type: 'account', data: { address: session } },
    permissions: [
      { type: 'native-token-periodic', data: { periodAmount: '0x1', periodDuration: 3600 } },
      { type: 'erc20-token-periodic', data: { tokenAddress: token, periodAmount: '0x2', periodDuration: 60 } },
    ],
    policies: [] as unknown[],
  })

  it('maps one request per permission: address → from, signer → to, expiry → rule, no adjustment', () => {
    const mapped = fromLegacyGrant([legacy()])
    expect(mapped).toEqual({
      ok: true,
      requests: [
        {
          chainId: '0x7a69',
          from: user,
          to: session,
          permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x1', periodDuration: 3600 } },
          rules: [{ type: 'expiry', data: { timestamp: 1_798_761_600 } }],
        },
        {
          chainId: '0x7a69',
          from: user,
          to: session,
          permission: {
            type: 'erc20-token-periodic',
            isAdjustmentAllowed: false,
            data: { tokenAddress: token, periodAmount: '0x2', periodDuration: 60 },
          },
          rules: [{ type: 'expiry', data: { timestamp: 1_798_761_600 } }],
        },
      ],
    })
  })

  it("takes viem's form (no chainId, no address) on the active chain, and refuses it without one", () => {
    const { chainId: _chainId, address: _address, policies: _policies, ...viemForm } = legacy()
    const mapped = fromLegacyGrant([viemForm], '0x1')
    expect(mapped.ok && mapped.requests.map((request) => [request.chainId, request.from])).toEqual([
      ['0x1', undefined],
      ['0x1', undefined],
    ])
    expect(fromLegacyGrant([viemForm])).toEqual({ ok: false, reason: 'wallet_grantPermissions needs a chainId' })
  })

  it('refuses signers that are not accounts, and any policy', () => {
    for (const signer of [{ type: 'keys', data: { ids: ['did:key:z'] } }, { type: 'wallet', data: {} }, undefined]) {
      const mapped = fromLegacyGrant([{ ...legacy(), signer }])
      expect(mapped.ok, JSON.stringify(signer)).toBe(false)
      expect(!mapped.ok && mapped.reason).toContain("only an 'account' signer")
    }
    const gasLimit = { type: 'gas-limit', data: { limit: '0x1' } }
    expect(fromLegacyGrant([{ ...legacy(), policies: [gasLimit] }])).toEqual({
      ok: false,
      reason: 'Policy "gas-limit" has no ERC-7715 rule: use wallet_requestExecutionPermissions',
    })
    const nested = legacy()
    nested.permissions[1] = { ...nested.permissions[1]!, policies: [gasLimit] } as never
    expect(fromLegacyGrant([nested]).ok).toBe(false)
  })

  it("refuses the first draft's permission types, and bad data, with the reason", () => {
    const transfer = fromLegacyGrant([{ ...legacy(), permissions: [{ type: 'native-token-transfer', data: { allowance: '0x1' } }] }])
    expect(transfer).toEqual({ ok: false, reason: `0.permission.type: ${unsupportedPermissionTypeMessage('native-token-transfer')}` })
    const zero = fromLegacyGrant([
      { ...legacy(), permissions: [{ type: 'native-token-periodic', data: { periodAmount: '0x0', periodDuration: 1 } }] },
    ])
    expect(!zero.ok && zero.reason).toContain('0.permission.data.periodAmount')
    const noAddress = fromLegacyGrant([{ ...legacy(), signer: { type: 'account', data: {} } }])
    expect(!noAddress.ok && noAddress.reason).toContain('0.to')
  })

  it('refuses malformed and hostile params', () => {
    const bad = [
      undefined,
      [],
      legacy(),
      [{ ...legacy(), expiry: -1 }],
      [{ ...legacy(), expiry: 1.5 }],
      [{ ...legacy(), chainId: '0x0' }],
      [{ ...legacy(), permissions: [] }],
      [{ ...legacy(), permissions: Array(17).fill(legacy().permissions[0]) }],
      [json(JSON.stringify(legacy()).replace('"expiry"', '"__proto__":{"x":1},"expiry"'))],
    ]
    for (const params of bad) {
      const mapped = fromLegacyGrant(params)
      expect(mapped.ok, JSON.stringify(params)?.slice(0, 80)).toBe(false)
    }
    expect(fromLegacyGrant(undefined)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Invalid wallet_grantPermissions params'),
    })
  })
})
