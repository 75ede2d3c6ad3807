import * as z from 'zod/mini'
import { isBoundedJson } from '../bounded-json'
import { readOnlyMethods } from '../eip1193'
import { FrameChainId, FrameRequestId } from './schemas'

/**
 * Which RPC methods the embedded wallet answers (SPEC.md section 6), as data. A method on neither
 * list is disallowed: that includes the legacy signing methods (eth_sign, eth_signTransaction,
 * eth_signTypedData v1/v3) and wallet_* calls the widget handles itself (wallet_switchEthereumChain
 * goes through the frame's switchNetwork).
 */

/** Answered without asking the user, and never aborted when open requests are rejected. */
export const FRAME_SAFE_RPC_METHODS = [
  // read-only eth_* (the same reads any connector's requests go to the RPC proxy with)
  ...readOnlyMethods,
  'eth_accounts',
  'eth_getAccount',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_uninstallFilter',
  // wallet reads
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'wallet_showCallsStatus',
  'wallet_getGrantedExecutionPermissions',
  'wallet_getSupportedExecutionPermissions',
  // user-operation reads
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
] as const

/** Use the key: the user confirms each one in the secure frame (or its popup) first. */
export const FRAME_CONFIRM_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'signMessage',
  'signPsbt',
  'polkadot_signMessage',
  'polkadot_signTransaction',
  'wallet_sendCalls',
  'wallet_requestExecutionPermissions',
  'wallet_revokeExecutionPermission',
  // ERC-7715's first-draft names (SPEC.md section 6), served as aliases of the two above
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

export type FrameRpcClass = 'safe' | 'confirm' | 'disallowed'
export type FrameSafeRpcMethod = (typeof FRAME_SAFE_RPC_METHODS)[number]
export type FrameConfirmRpcMethod = (typeof FRAME_CONFIRM_RPC_METHODS)[number]

const safe: ReadonlySet<string> = new Set(FRAME_SAFE_RPC_METHODS)
const confirm: ReadonlySet<string> = new Set(FRAME_CONFIRM_RPC_METHODS)

/** Case-sensitive, as JSON-RPC method names are; anything unlisted (or not a string) is disallowed. */
export function classifyFrameRpc(method: unknown): FrameRpcClass {
  if (typeof method !== 'string') return 'disallowed'
  if (safe.has(method)) return 'safe'
  if (confirm.has(method)) return 'confirm'
  return 'disallowed'
}

export { FRAME_RPC_PARAMS_MAX_DEPTH, FRAME_RPC_PARAMS_MAX_SIZE, isBoundedJson } from '../bounded-json'

/** A JSON-RPC method name: bounded, no spaces or punctuation beyond `_`. */
export const FRAME_RPC_METHOD = /^[A-Za-z][A-Za-z0-9_]{0,99}$/

/**
 * The params of the frame's rpcRequest. Whether the method is allowed is not a schema matter: the
 * widget asks classifyFrameRpc first so that a refusal reads 'Requested RPC call is not allowed'.
 * The method's own params are checked by the frame (rpc-params.ts): their schemas stay out of the
 * widget's first paint, which needs only the lists above.
 */
export const FrameRpcRequest = z.object({
  method: z.string().check(z.regex(FRAME_RPC_METHOD)),
  params: z.optional(z.unknown().check(z.refine((params) => isBoundedJson(params), 'RPC params too large or not JSON'))),
  chainId: z.optional(FrameChainId),
  /** Needed for a confirmation method: abortRpcRequest names it. */
  id: z.optional(FrameRequestId),
})
export type FrameRpcRequest = z.infer<typeof FrameRpcRequest>
