import { parseChainId, toHexChainId } from '@airlock/chains'
import {
  ProviderRpcError,
  RpcErrorCode,
  EXECUTION_RULE_TYPES,
  WalletGetSupportedExecutionPermissionsParams,
  WalletGrantPermissionsParams,
  WalletRequestExecutionPermissionsParams,
  WalletRequestExecutionPermissionsResult,
  WalletRevokeExecutionPermissionParams,
  WalletRevokeExecutionPermissionResult,
  type ExecutionPermissionResponse,
  type WalletGetSupportedExecutionPermissionsResult,
} from '@airlock/protocol'
import type { EmbeddedWallet, FrameSign } from '../types'
import { parsed } from './calls'

export const PermissionsMessage = {
  noSmartAccount: (chainId: number) => `Smart accounts are not available on chain ${chainId}: execution permissions need one`,
  eoa: 'Execution permissions need the smart account: switch to it in the Account view',
  otherChain: (requested: string, chainId: number) => `Provided chainId "${requested}" must match the active chainId "${chainId}"`,
  malformedGrant: 'The secure frame returned malformed permissions',
  malformedRevoke: 'The secure frame returned a malformed revocation',
  grantedUnavailable:
    'wallet_getGrantedExecutionPermissions is not available from the embedded wallet yet: the grants are listed at the data API (/v1/sessions/{account})',
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
  if (method === 'wallet_grantPermissions') {
    parsed(WalletGrantPermissionsParams, method, params)
  } else {
    for (const request of parsed(WalletRequestExecutionPermissionsParams, method, params)) {
      if (request.from !== undefined && request.from.toLowerCase() !== from.toLowerCase())
        throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The requested account is not the connected one')
      if (parseChainId(request.chainId) !== chainId)
        throw new ProviderRpcError(RpcErrorCode.InvalidParams, PermissionsMessage.otherChain(request.chainId, chainId))
    }
  }
  checkSmartAccount(wallet, chainId)
  return params
}

/** The frame's turn: the permission sheet, then the signed delegations as ERC-7715 responses. */
export async function grantInFrame(params: unknown, chainId: number, frame: FrameSign): Promise<ExecutionPermissionResponse[]> {
  const answer = WalletRequestExecutionPermissionsResult.safeParse(await frame(params, chainId))
  if (!answer.success) throw new ProviderRpcError(RpcErrorCode.InternalError, PermissionsMessage.malformedGrant)
  return answer.data
}

/** wallet_revokeExecutionPermission [{permissionContext}] (or the object alone): the frame disables the delegation on chain. */
export function checkRevoke(wallet: EmbeddedWallet, method: string, params: unknown, chainId: number): unknown {
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
