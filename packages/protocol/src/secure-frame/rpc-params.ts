import type * as z from 'zod/mini'
import { WalletGetCallsStatusParams, WalletGetCapabilitiesParams, WalletSendCallsParams, WalletShowCallsStatusParams } from '../eip5792'
import {
  WalletGetGrantedExecutionPermissionsParams,
  WalletGetSupportedExecutionPermissionsParams,
  WalletGrantPermissionsParams,
  WalletRequestExecutionPermissionsParams,
  WalletRevokeExecutionPermissionParams,
} from '../erc7715'

/**
 * Params checked before a method reaches the frame's family: the EIP-5792 and ERC-7715 methods
 * (and the first draft's wallet_grantPermissions / wallet_revokePermissions, mapped by the frame
 * with fromLegacyGrant). A bad request is refused here, before anything is shown to the user.
 */
export const FRAME_RPC_PARAMS: Readonly<Record<string, z.ZodMiniType>> = {
  wallet_sendCalls: WalletSendCallsParams,
  wallet_getCallsStatus: WalletGetCallsStatusParams,
  wallet_showCallsStatus: WalletShowCallsStatusParams,
  wallet_getCapabilities: WalletGetCapabilitiesParams,
  wallet_requestExecutionPermissions: WalletRequestExecutionPermissionsParams,
  wallet_revokeExecutionPermission: WalletRevokeExecutionPermissionParams,
  wallet_getGrantedExecutionPermissions: WalletGetGrantedExecutionPermissionsParams,
  wallet_getSupportedExecutionPermissions: WalletGetSupportedExecutionPermissionsParams,
  wallet_grantPermissions: WalletGrantPermissionsParams,
  wallet_revokePermissions: WalletRevokeExecutionPermissionParams,
}

/** `params` as `schema` reads them, or why not: "Invalid <method> params at <path>: <reason>". */
export function readParams<T extends z.ZodMiniType>(
  schema: T,
  method: string,
  params: unknown,
): { ok: true; value: z.output<T> } | { ok: false; problem: string } {
  const parsed = schema.safeParse(params)
  if (parsed.success) return { ok: true, value: parsed.data as z.output<T> }
  const issue = parsed.error.issues[0]!
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : ''
  return { ok: false, problem: `Invalid ${method} params${where}: ${issue.message}` }
}

/** The frame's check of a listed method's params (never the prototype's members for a method name); undefined when they read. */
export function frameRpcParamsProblem(method: string, params: unknown): string | undefined {
  const schema = Object.hasOwn(FRAME_RPC_PARAMS, method) ? FRAME_RPC_PARAMS[method] : undefined
  const read = schema && readParams(schema, method, params)
  return read && !read.ok ? read.problem : undefined
}
