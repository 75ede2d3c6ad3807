import { parseChainId, toHexChainId } from '@airlock/chains'
import {
  ProviderRpcError,
  RpcErrorCode,
  EXECUTION_RULE_TYPES,
  ExecutionPermissionResponse,
  SmartSession,
  SmartSessionsResponse,
  WalletGetGrantedExecutionPermissionsParams,
  WalletGetSupportedExecutionPermissionsParams,
  WalletGrantPermissionsParams,
  WalletRequestExecutionPermissionsParams,
  WalletRequestExecutionPermissionsResult,
  WalletRevokeExecutionPermissionParams,
  WalletRevokeExecutionPermissionResult,
  type WalletGetSupportedExecutionPermissionsResult,
} from '@airlock/protocol'
import type { EmbeddedWallet, FrameSign } from '../types'
import { parsed } from './calls'
import { otherAccountError, otherChainError } from '../rpcChecks'

export const PermissionsMessage = {
  noSmartAccount: (chainId: number) => `Smart accounts are not available on chain ${chainId}: execution permissions need one`,
  eoa: 'Execution permissions need the smart account: switch to it in the Account view',
  malformedGrant: 'The secure frame returned malformed permissions',
  malformedRevoke: 'The secure frame returned a malformed revocation',
  disabled: 'Execution permissions are off for this dapp: it turns them on with features.smartSessions',
  noExpiry: 'A permission needs an expiry rule: the wallet grants none without an end',
} as const

/** The grant methods (ERC-7715's and the first draft's alias) and the revoke methods, likewise. */
export const GRANT_METHODS: ReadonlySet<string> = new Set(['wallet_requestExecutionPermissions', 'wallet_grantPermissions'])
export const REVOKE_METHODS: ReadonlySet<string> = new Set(['wallet_revokeExecutionPermission', 'wallet_revokePermissions'])

/**
 * A permission is a delegation from the smart account (the EOA delegated with EIP-7702), which
 * only it can redeem: the embedded wallet grants and revokes them from its smart account, on the
 * frame's smart-account networks. Checked before the user is asked.
 */
function checkSmartAccount(wallet: EmbeddedWallet, chainId: number): void {
  const smart = wallet.smartAccounts.state()
  if (!smart.networks.includes(chainId))
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, PermissionsMessage.noSmartAccount(chainId))
  if (smart.preferred !== 'smartAccount') throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, PermissionsMessage.eoa)
}

/**
 * wallet_requestExecutionPermissions [request…] (wallet_grantPermissions: the first draft's form,
 * which the frame maps with fromLegacyGrant): each request names this account (or none) and the
 * active chain. Returns what the frame is given: the params as the dapp sent them.
 */
export function checkGrant(wallet: EmbeddedWallet, method: string, params: unknown, from: string, chainId: number): unknown {
  checkEnabled(wallet)
  if (method === 'wallet_grantPermissions') {
    parsed(WalletGrantPermissionsParams, method, params)
  } else {
    for (const request of parsed(WalletRequestExecutionPermissionsParams, method, params)) {
      if (request.from !== undefined && request.from.toLowerCase() !== from.toLowerCase()) throw otherAccountError()
      if (parseChainId(request.chainId) !== chainId) throw otherChainError(request.chainId, chainId)
      // A grant is kept at the API until it ends, and /v1/sessions holds none without an end.
      if (!request.rules?.some((rule) => rule.type === 'expiry'))
        throw new ProviderRpcError(RpcErrorCode.InvalidParams, PermissionsMessage.noExpiry)
    }
  }
  checkSmartAccount(wallet, chainId)
  return params
}

/** SPEC section 1: off unless the dapp turns on `features.smartSessions`. */
function checkEnabled(wallet: EmbeddedWallet): void {
  if (!wallet.smartAccounts.permissions.enabled()) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, PermissionsMessage.disabled)
}

/** The account's grants at the data API, by its CAIP-10 id on the chain. */
const sessionsPath = (chainId: number, address: string) => `/v1/sessions/${encodeURIComponent(`eip155:${chainId}:${address}`)}`

/**
 * The frame's turn: the permission sheet, then the signed delegations as ERC-7715 responses, each
 * recorded at the data API (which checks the account signed it) for wallet_getGrantedExecutionPermissions
 * and /v1/sessions. The grant is on chain already: a record that fails is said in the console, not to the dapp.
 */
export async function grantInFrame(
  wallet: EmbeddedWallet,
  params: unknown,
  address: string,
  chainId: number,
  frame: FrameSign,
): Promise<ExecutionPermissionResponse[]> {
  const answer = WalletRequestExecutionPermissionsResult.safeParse(await frame(params, chainId))
  if (!answer.success) throw new ProviderRpcError(RpcErrorCode.InternalError, PermissionsMessage.malformedGrant)
  const { dataApi } = wallet.smartAccounts.permissions
  await Promise.all(
    answer.data.map((grant) =>
      dataApi.post(sessionsPath(chainId, address), { permission: grant }, SmartSession, 'Permission record').catch((error: unknown) => {
        console.warn('[airlock] execution permission granted on chain but not recorded at the API:', error)
      }),
    ),
  )
  return answer.data
}

/**
 * wallet_getGrantedExecutionPermissions []: the account's grants on the active chain the data API
 * holds (it leaves out those the chain disabled), answered again as ERC-7715 responses; a signed-JSON
 * session (no DelegationManager) is none of them.
 */
export async function getGrantedPermissions(
  wallet: EmbeddedWallet,
  params: unknown,
  address: string,
  chainId: number,
): Promise<ExecutionPermissionResponse[]> {
  parsed(WalletGetGrantedExecutionPermissionsParams, 'wallet_getGrantedExecutionPermissions', params)
  checkEnabled(wallet)
  const { pcis } = await wallet.smartAccounts.permissions.dataApi.get(
    sessionsPath(chainId, address),
    {},
    SmartSessionsResponse,
    'Permissions',
  )
  return pcis.flatMap((session) => {
    const to = (session.signer?.data as { address?: unknown } | undefined)?.address
    const grant = ExecutionPermissionResponse.safeParse({
      chainId: toHexChainId(chainId),
      from: address,
      to,
      permission: session.permissions[0],
      rules: session.policies,
      context: session.context,
      dependencies: [],
      delegationManager: session.delegationManager,
    })
    return session.delegationManager && session.signer?.type === 'account' && grant.success ? [grant.data] : []
  })
}

/** wallet_revokeExecutionPermission [{permissionContext}] (or the object alone): the frame disables the delegation on chain. */
export function checkRevoke(wallet: EmbeddedWallet, method: string, params: unknown, chainId: number): unknown {
  checkEnabled(wallet)
  parsed(WalletRevokeExecutionPermissionParams, method, params)
  checkSmartAccount(wallet, chainId)
  return params
}

/** The frame's turn: the batch that disables the delegation, confirmed and mined; `{}` (ERC-7715). */
export async function revokeInFrame(params: unknown, chainId: number, frame: FrameSign): Promise<Record<string, never>> {
  const answer = WalletRevokeExecutionPermissionResult.safeParse(await frame(params, chainId))
  if (!answer.success) throw new ProviderRpcError(RpcErrorCode.InternalError, PermissionsMessage.malformedRevoke)
  return answer.data
}

/**
 * wallet_getSupportedExecutionPermissions []: what a grant can be here. The frame's caveat
 * enforcers hold an ERC-20 allowance per period (native-token-periodic has none deployed), with an
 * expiry and one payee, on the smart-account networks.
 */
export function getSupportedPermissions(wallet: EmbeddedWallet, params: unknown): WalletGetSupportedExecutionPermissionsResult {
  parsed(WalletGetSupportedExecutionPermissionsParams, 'wallet_getSupportedExecutionPermissions', params)
  const chainIds = wallet.smartAccounts.state().networks.map((id) => toHexChainId(id))
  return { 'erc20-token-periodic': { chainIds, ruleTypes: [...EXECUTION_RULE_TYPES] } }
}
