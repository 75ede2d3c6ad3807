import * as z from 'zod/mini'
import { readOnlyMethods } from '../eip1193'
import { EVM_ADDRESS } from '../patterns'
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

const hexData = z.string().check(z.maxLength(1_000_002), z.regex(/^0x[0-9a-fA-F]*$/))
const hexQuantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))

/**
 * One call of wallet_sendCalls (SPEC.md section 5: `to` starts with 0x, optional data starts with
 * 0x). We go further than "starts with": `to` must be a whole address and data hex digits, since
 * anything else fails at the chain after the user has already confirmed.
 */
export const WalletCall = z.object({
  to: z.string().check(z.regex(EVM_ADDRESS)),
  data: z.optional(hexData),
  value: z.optional(hexQuantity),
})
export type WalletCall = z.infer<typeof WalletCall>

/** EIP-5792 wallet_sendCalls params: one request object holding 1 to 100 calls. */
export const WalletSendCallsParams = z.tuple([
  z.object({
    version: z.optional(z.string().check(z.maxLength(20))),
    id: z.optional(z.string().check(z.maxLength(100))),
    from: z.optional(z.string().check(z.regex(EVM_ADDRESS))),
    chainId: z.optional(hexQuantity),
    atomicRequired: z.optional(z.boolean()),
    calls: z.array(WalletCall).check(z.minLength(1), z.maxLength(100)),
    capabilities: z.optional(z.record(z.string().check(z.maxLength(100)), z.unknown())),
  }),
])
export type WalletSendCallsParams = z.infer<typeof WalletSendCallsParams>

/** Upper bound on RPC params, in characters of their JSON form (a 48 kB initcode is ~100 000). */
export const FRAME_RPC_PARAMS_MAX_SIZE = 1_000_000
export const FRAME_RPC_PARAMS_MAX_DEPTH = 32
const POLLUTING_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * True when `value` is plain JSON data (null, booleans, finite numbers, strings, arrays and plain
 * objects; undefined is allowed inside, where JSON drops it or writes null) whose JSON form is at most
 * `maxSize` characters and `maxDepth` levels deep, with no prototype-polluting key. The walk stops
 * as soon as the budget is spent, so cycles and huge shared graphs cost at most `maxSize` steps.
 */
export function isBoundedJson(value: unknown, maxSize = FRAME_RPC_PARAMS_MAX_SIZE, maxDepth = FRAME_RPC_PARAMS_MAX_DEPTH): boolean {
  let budget = maxSize
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!
    if (item === null || item === undefined || typeof item === 'boolean') budget -= 5
    else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return false
      budget -= 24
    } else if (typeof item === 'string') budget -= item.length + 2
    else if (typeof item === 'object') {
      if (depth >= maxDepth) return false
      if (Array.isArray(item)) {
        budget -= item.length + 2
        if (budget < 0) return false
        for (const element of item) stack.push([element, depth + 1])
      } else {
        const proto = Object.getPrototypeOf(item) as unknown
        if (proto !== Object.prototype && proto !== null) return false
        const keys = Object.keys(item)
        budget -= keys.length + 2
        if (budget < 0) return false
        for (const key of keys) {
          if (POLLUTING_KEYS.has(key)) return false
          const field = (item as Record<string, unknown>)[key]
          if (field === undefined) continue
          budget -= key.length + 3
          stack.push([field, depth + 1])
        }
      }
    } else return false
    if (budget < 0) return false
  }
  return true
}

/** A JSON-RPC method name: bounded, no spaces or punctuation beyond `_`. */
export const FRAME_RPC_METHOD = /^[A-Za-z][A-Za-z0-9_]{0,99}$/

/**
 * The params of the frame's rpcRequest. Whether the method is allowed is not a schema matter: the
 * widget asks classifyFrameRpc first so that a refusal reads 'Requested RPC call is not allowed'.
 */
export const FrameRpcRequest = z
  .object({
    method: z.string().check(z.regex(FRAME_RPC_METHOD)),
    params: z.optional(z.unknown().check(z.refine((params) => isBoundedJson(params), 'RPC params too large or not JSON'))),
    chainId: z.optional(FrameChainId),
    /** Needed for a confirmation method: abortRpcRequest names it. */
    id: z.optional(FrameRequestId),
  })
  .check(
    z.refine(
      (request) => request.method !== 'wallet_sendCalls' || WalletSendCallsParams.safeParse(request.params).success,
      'Invalid wallet_sendCalls params',
    ),
  )
export type FrameRpcRequest = z.infer<typeof FrameRpcRequest>
