import { describe, expect, it } from 'vitest'
import type { DataApi } from '../../core/http/dataApi'
import type { EmbeddedWallet } from '../types'
import { eip155Embedded } from './embedded'
import { checkGrant, checkRevoke, getSupportedPermissions, grantInFrame, PermissionsMessage, revokeInFrame } from './permissions'

/** What the widget checks of a permission request before the secure frame shows it, and what it accepts back. */

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const RECORDED = { project: { id: 'demo', name: 'Demo' }, expiry: 0, createdAt: 0, permissions: [], policies: [], context: null }

/** The data API's /v1/sessions as the widget reaches it: posts kept, the listing answered from `listed` through the real schema. */
function sessionsApi(listed: unknown = { pcis: [] }, failing = false) {
  const posts: { path: string; body: unknown }[] = []
  const dataApi: DataApi = {
    async get(_path, _query, schema) {
      const answer = schema.safeParse(listed)
      if (!answer.success) throw new Error('malformed')
      return answer.data
    },
    async post(path, body, schema) {
      posts.push({ path, body })
      if (failing) throw new Error('API down')
      const answer = schema.safeParse({ ...RECORDED, pci: '0x' })
      if (!answer.success) throw new Error('malformed')
      return answer.data
    },
  }
  return { dataApi, posts }
}
const wallet = (
  preferred: 'eoa' | 'smartAccount' = 'smartAccount',
  networks = [31337],
  options: { enabled?: boolean; api?: DataApi } = {},
) =>
  ({
    smartAccounts: {
      state: () => ({ networks, preferred }),
      permissions: { enabled: () => options.enabled ?? true, dataApi: options.api ?? sessionsApi().dataApi },
    },
  }) as unknown as EmbeddedWallet
/** 1 USDC an hour to the session key, until an expiry: the widget checks who, where and that it ends, the frame the rest. */
const hourly = {
  type: 'erc20-token-periodic',
  isAdjustmentAllowed: true,
  data: { tokenAddress: USDC, periodAmount: '0xf4240', periodDuration: 3600 },
}
const request = (overrides: Record<string, unknown> = {}) => ({
  chainId: '0x7a69',
  from: FROM,
  to: SESSION,
  permission: hourly,
  rules: [{ type: 'expiry', data: { timestamp: 2_000_000_000 } }],
  ...overrides,
})
const method = 'wallet_requestExecutionPermissions'
const code = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return { code: (error as { code: number }).code, message: (error as Error).message }
  }
  return undefined
}

describe('embedded wallet: execution permissions', () => {
  it('passes a request for this account on the active smart-account chain to the frame unchanged', () => {
    const params = [request()]
    expect(checkGrant(wallet(), method, params, FROM, 31337)).toBe(params)
    expect(checkRevoke(wallet(), 'wallet_revokeExecutionPermission', { permissionContext: '0x12345678' }, 31337)).toEqual({
      permissionContext: '0x12345678',
    })
  })

  it('refuses before the user is asked: bad params, another account or chain, no smart account', () => {
    expect(code(() => checkGrant(wallet(), method, [request({ extra: 1 })], FROM, 31337))).toMatchObject({ code: -32602 })
    expect(code(() => checkGrant(wallet(), method, [request({ from: SESSION })], FROM, 31337))).toMatchObject({ code: 4100 })
    expect(code(() => checkGrant(wallet(), method, [request({ chainId: '0x1' })], FROM, 31337))).toMatchObject({ code: -32602 })
    expect(code(() => checkGrant(wallet(), method, [request({ rules: [] })], FROM, 31337))).toEqual({
      code: -32602,
      message: PermissionsMessage.noExpiry,
    })
    expect(code(() => checkGrant(wallet('eoa'), method, [request()], FROM, 31337))).toEqual({ code: 4200, message: PermissionsMessage.eoa })
    expect(code(() => checkGrant(wallet('smartAccount', []), method, [request()], FROM, 31337))).toEqual({
      code: 4200,
      message: PermissionsMessage.noSmartAccount(31337),
    })
    expect(code(() => checkRevoke(wallet(), 'wallet_revokePermissions', { permissionContext: 'nope' }, 31337))).toMatchObject({
      code: -32602,
    })
    // The first draft's form is the frame's to map: the widget checks its shape only.
    expect(code(() => checkGrant(wallet(), 'wallet_grantPermissions', [{ expiry: 1 }], FROM, 31337))).toMatchObject({ code: -32602 })
  })

  it('answers the frame’s responses only when they read as ERC-7715’s, each recorded at the data API', async () => {
    const response = { ...request(), context: '0x12345678', dependencies: [], delegationManager: SESSION }
    const api = sessionsApi()
    await expect(
      grantInFrame(wallet('smartAccount', [31337], { api: api.dataApi }), [request()], FROM, 31337, async () => [response]),
    ).resolves.toEqual([response])
    expect(api.posts).toEqual([{ path: `/v1/sessions/${encodeURIComponent(`eip155:31337:${FROM}`)}`, body: { permission: response } }])
    // On chain already: an API that does not record it does not take the grant back from the dapp.
    const down = sessionsApi(undefined, true)
    await expect(
      grantInFrame(wallet('smartAccount', [31337], { api: down.dataApi }), [request()], FROM, 31337, async () => [response]),
    ).resolves.toEqual([response])
    await expect(grantInFrame(wallet(), [request()], FROM, 31337, async () => [{ ...response, context: '0x' }])).rejects.toMatchObject({
      code: -32603,
    })
    await expect(revokeInFrame({}, 31337, async () => ({}))).resolves.toEqual({})
    await expect(revokeInFrame({}, 31337, async () => ({ id: '0x' }))).rejects.toMatchObject({ code: -32603 })
  })

  it('says what it grants: ERC-20 allowances per period with an expiry and a payee, on the smart-account networks', () => {
    expect(getSupportedPermissions(wallet('smartAccount', [31337, 31338]), [])).toEqual({
      'erc20-token-periodic': { chainIds: ['0x7a69', '0x7a6a'], ruleTypes: ['expiry', 'payee'] },
    })
    expect(code(() => getSupportedPermissions(wallet(), [1]))).toMatchObject({ code: -32602 })
  })

  it('the dapp reaches them through the embedded wallet; the granted list is the API’s ERC-7715 grants, answered again as ERC-7715 responses', async () => {
    const grant = {
      ...request(),
      rules: [{ type: 'expiry', data: { timestamp: 2_000_000_000 } }],
      context: '0x12345678',
      dependencies: [],
      delegationManager: USDC,
    }
    const api = sessionsApi({
      pcis: [
        {
          project: { id: 'demo', name: 'Demo' },
          pci: `0x${'ab'.repeat(32)}`,
          expiry: 2_000_000_000,
          createdAt: 1_900_000_000,
          permissions: [grant.permission],
          policies: grant.rules,
          context: grant.context,
          signer: { type: 'account', data: { address: SESSION } },
          delegationManager: USDC,
        },
        // A signed-JSON session (AppKit's smart sessions) is no ERC-7715 grant.
        {
          project: { id: 'demo', name: 'Demo' },
          pci: 'b7d0c3a2-9a4e-4c1b-8f00-3d2e1f0a9b8c',
          expiry: 2_000_000_000,
          createdAt: 1,
          permissions: [],
          policies: [],
          context: null,
          signer: null,
          delegationManager: null,
        },
      ],
    })
    const ask = (method: string, on = wallet('smartAccount', [31337], { api: api.dataApi })) =>
      eip155Embedded.request(on, { caipNetworkId: 'eip155:31337', address: FROM, method, params: [] })
    await expect(ask('wallet_getSupportedExecutionPermissions')).resolves.toMatchObject({
      'erc20-token-periodic': { chainIds: ['0x7a69'] },
    })
    await expect(ask('wallet_getGrantedExecutionPermissions')).resolves.toEqual([grant])
  })

  it('off unless the dapp turns on features.smartSessions (SPEC): every method says so, before the user is asked', async () => {
    const off = wallet('smartAccount', [31337], { enabled: false })
    const disabled = { code: 4200, message: PermissionsMessage.disabled }
    expect(code(() => checkGrant(off, method, [request()], FROM, 31337))).toEqual(disabled)
    // Said first, whatever the request: a dapp that has them off learns that, not what its params lack.
    expect(code(() => checkGrant(off, method, [request({ rules: [] })], FROM, 31337))).toEqual(disabled)
    expect(code(() => checkRevoke(off, 'wallet_revokeExecutionPermission', { permissionContext: '0x12345678' }, 31337))).toEqual(disabled)
    await expect(
      eip155Embedded.request(off, {
        caipNetworkId: 'eip155:31337',
        address: FROM,
        method: 'wallet_getGrantedExecutionPermissions',
        params: [],
      }),
    ).rejects.toMatchObject(disabled)
  })
})
