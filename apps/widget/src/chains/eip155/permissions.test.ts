import { describe, expect, it } from 'vitest'
import type { EmbeddedWallet } from '../types'
import { eip155Embedded } from './embedded'
import { checkGrant, checkRevoke, getSupportedPermissions, grantInFrame, PermissionsMessage, revokeInFrame } from './permissions'

/** What the widget checks of a permission request before the secure frame shows it, and what it accepts back. */

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const wallet = (preferred: 'eoa' | 'smartAccount' = 'smartAccount', networks = [31337]) =>
  ({ smartAccounts: { state: () => ({ networks, preferred }) } }) as unknown as EmbeddedWallet
/** 1 USDC an hour to the session key, no rules: the widget checks who and where, the frame the rest. */
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

  it('answers the frame’s responses only when they read as ERC-7715’s', async () => {
    const response = { ...request(), context: '0x12345678', dependencies: [], delegationManager: SESSION }
    await expect(grantInFrame([request()], 31337, async () => [response])).resolves.toEqual([response])
    await expect(grantInFrame([request()], 31337, async () => [{ ...response, context: '0x' }])).rejects.toMatchObject({ code: -32603 })
    await expect(revokeInFrame({}, 31337, async () => ({}))).resolves.toEqual({})
    await expect(revokeInFrame({}, 31337, async () => ({ id: '0x' }))).rejects.toMatchObject({ code: -32603 })
  })

  it('says what it grants: ERC-20 allowances per period with an expiry and a payee, on the smart-account networks', () => {
    expect(getSupportedPermissions(wallet('smartAccount', [31337, 31338]), [])).toEqual({
      'erc20-token-periodic': { chainIds: ['0x7a69', '0x7a6a'], ruleTypes: ['expiry', 'payee'] },
    })
    expect(code(() => getSupportedPermissions(wallet(), [1]))).toMatchObject({ code: -32602 })
  })

  it('the dapp reaches them through the embedded wallet; the granted list is refused with where it lives, not sent to a node', async () => {
    const ask = (method: string) => eip155Embedded.request(wallet(), { caipNetworkId: 'eip155:31337', address: FROM, method, params: [] })
    await expect(ask('wallet_getSupportedExecutionPermissions')).resolves.toMatchObject({
      'erc20-token-periodic': { chainIds: ['0x7a69'] },
    })
    await expect(ask('wallet_getGrantedExecutionPermissions')).rejects.toMatchObject({
      code: 4200,
      message: PermissionsMessage.grantedUnavailable,
    })
  })
})
