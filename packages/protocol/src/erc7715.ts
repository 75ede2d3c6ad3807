import * as z from 'zod/mini'
import { ProviderRpcError, RpcErrorCode } from './errors'
import { isBoundedJson } from './bounded-json'
import { EvmAddress } from './common'
import { DurationSeconds, HexChainId, PositiveHexUint256, UnixSeconds, boundedRecord, hexBytes } from './evm-values'

/**
 * ERC-7715 "Request Permissions from Wallets" (execution permissions), pinned to ethereum/ERCs
 * ERCS/erc-7715.md at commit 2adc3783667334a371eab433fecbe9953dc848e2 (2026-01-16, "Simplify
 * specification to ease wallet implementation"), the revision @metamask/7715-permission-types@2.0.0
 * implements: a request names the granting account `from` (optional) and the dapp's session account
 * `to`; the answer adds `context`, `dependencies` and `delegationManager`. (Earlier drafts had
 * `address`, `signer` and `dependencyInfo`; `fromLegacyGrant` maps the older grantPermissions form.)
 *
 * The ERC defines no permission type of its own and no error codes ("an error with a code as
 * defined in ERC-1193"). The permission types are MetaMask's; the recipient limit is MetaMask's
 * `payee` rule (7715-permission-types 2.0.0 PayeeRule), the only one in use, so Airlock adds none.
 */

/** The permission types this wallet grants (ones its caveat enforcers can hold on chain). */
export const EXECUTION_PERMISSION_TYPES = ['erc20-token-periodic', 'native-token-periodic'] as const
export type ExecutionPermissionType = (typeof EXECUTION_PERMISSION_TYPES)[number]
/** The rule types it applies: `expiry` (the ERC's) and `payee` (MetaMask's recipient limit). */
export const EXECUTION_RULE_TYPES = ['expiry', 'payee'] as const
export type ExecutionRuleType = (typeof EXECUTION_RULE_TYPES)[number]

/** Requests in one call, and granted permissions in one answer. */
export const EXECUTION_PERMISSION_REQUESTS_MAX = 16
export const GRANTED_EXECUTION_PERMISSIONS_MAX = 1000
/** A permission context is an encoded delegation chain: a few kB; 64 KiB bounds any sane chain. */
export const PERMISSION_CONTEXT_MAX_BYTES = 65_536
export const JUSTIFICATION_MAX_LENGTH = 1000
const TYPE_NAME = /^[a-z0-9][a-z0-9:-]{0,63}$/

/** Shown to the user beside the request; optional, and MetaMask's types allow null. */
const Justification = z.nullish(z.string().check(z.maxLength(JUSTIFICATION_MAX_LENGTH)))

/** `periodAmount` may move per `periodDuration` seconds, from `startTime` (now when absent). */
export const Erc20TokenPeriodicData = z.strictObject({
  tokenAddress: EvmAddress,
  periodAmount: PositiveHexUint256,
  periodDuration: DurationSeconds,
  startTime: z.nullish(UnixSeconds),
  justification: Justification,
})
export const NativeTokenPeriodicData = z.strictObject({
  periodAmount: PositiveHexUint256,
  periodDuration: DurationSeconds,
  startTime: z.nullish(UnixSeconds),
  justification: Justification,
})

const describe = (input: unknown) => JSON.stringify(typeof input === 'string' ? input.slice(0, 64) : (input ?? null))

/** What a dapp reads when it asked for a type this wallet does not grant. */
export const unsupportedPermissionTypeMessage = (type: unknown) =>
  `Unsupported permission type ${describe(type)}: this wallet grants ${EXECUTION_PERMISSION_TYPES.join(', ')}`
export const unsupportedRuleTypeMessage = (type: unknown) =>
  `Unsupported rule type ${describe(type)}: this wallet applies ${EXECUTION_RULE_TYPES.join(', ')}`

/**
 * The refusal for a request this wallet cannot grant. The ERC names no code; -32602 (invalid
 * params) is the JSON-RPC one for "this request, as written, cannot be served".
 */
export function executionPermissionError(message: string): ProviderRpcError {
  return new ProviderRpcError(RpcErrorCode.InvalidParams, message)
}

const unsupported = (message: (type: unknown) => string) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'invalid_union' && issue.input && typeof issue.input === 'object'
    ? message((issue.input as { type?: unknown }).type)
    : undefined

export const ExecutionPermission = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('erc20-token-periodic'), isAdjustmentAllowed: z.boolean(), data: Erc20TokenPeriodicData }),
    z.strictObject({ type: z.literal('native-token-periodic'), isAdjustmentAllowed: z.boolean(), data: NativeTokenPeriodicData }),
  ],
  { error: unsupported(unsupportedPermissionTypeMessage) },
)
export type ExecutionPermission = z.infer<typeof ExecutionPermission>

/** The permission ends at `timestamp` (Unix seconds). A past time is the frame's to refuse. */
export const ExpiryRule = z.strictObject({ type: z.literal('expiry'), data: z.strictObject({ timestamp: UnixSeconds }) })
/**
 * Transfers may go to this address only. One address: one AllowedCalldataEnforcer caveat pins an
 * ERC-20 transfer's recipient, so a list would be a promise the chain does not keep.
 */
export const PayeeRule = z.strictObject({
  type: z.literal('payee'),
  data: z.strictObject({ addresses: z.array(EvmAddress).check(z.length(1)) }),
})
export const ExecutionRule = z.discriminatedUnion('type', [ExpiryRule, PayeeRule], { error: unsupported(unsupportedRuleTypeMessage) })
export type ExecutionRule = z.infer<typeof ExecutionRule>
const Rules = z.nullish(
  z.array(ExecutionRule).check(
    z.maxLength(EXECUTION_RULE_TYPES.length),
    z.refine((rules) => new Set(rules.map((rule) => rule.type)).size === rules.length, 'Each rule type may appear once'),
  ),
)

/** One wallet_requestExecutionPermissions request. Strict: an unknown key may be a limit we would ignore. */
export const ExecutionPermissionRequest = z.strictObject({
  chainId: HexChainId,
  from: z.optional(EvmAddress),
  to: EvmAddress,
  permission: ExecutionPermission,
  rules: Rules,
})
export type ExecutionPermissionRequest = z.infer<typeof ExecutionPermissionRequest>
export const WalletRequestExecutionPermissionsParams = z
  .array(ExecutionPermissionRequest)
  .check(z.minLength(1), z.maxLength(EXECUTION_PERMISSION_REQUESTS_MAX))
export type WalletRequestExecutionPermissionsParams = z.infer<typeof WalletRequestExecutionPermissionsParams>

/** An ERC-4337 factory call that deploys an account the permission needs. */
export const PermissionDependency = z.strictObject({ factory: EvmAddress, factoryData: hexBytes(PERMISSION_CONTEXT_MAX_BYTES) })
export const PermissionContext = hexBytes(PERMISSION_CONTEXT_MAX_BYTES).check(z.minLength(4))
export const ExecutionPermissionResponse = z.extend(ExecutionPermissionRequest, {
  context: PermissionContext,
  dependencies: z.array(PermissionDependency).check(z.maxLength(8)),
  delegationManager: EvmAddress,
})
export type ExecutionPermissionResponse = z.infer<typeof ExecutionPermissionResponse>
export const WalletRequestExecutionPermissionsResult = z
  .array(ExecutionPermissionResponse)
  .check(z.maxLength(EXECUTION_PERMISSION_REQUESTS_MAX))

/**
 * wallet_revokeExecutionPermission (and the old wallet_revokePermissions of ERC-7715's first
 * draft): `{ permissionContext }`, as MetaMask's middleware reads it, or that object in an array.
 * The answer is `{}` (the pinned text's response block is a copy-paste slip; its prose says empty).
 */
const RevokeRequest = z.strictObject({ permissionContext: PermissionContext })
export const WalletRevokeExecutionPermissionParams = z.union([RevokeRequest, z.tuple([RevokeRequest])])
export type WalletRevokeExecutionPermissionParams = z.infer<typeof WalletRevokeExecutionPermissionParams>
export const WalletRevokeExecutionPermissionResult = z.strictObject({})

/** The two reads take nothing: `[]`, or no params at all. */
export const WalletGetGrantedExecutionPermissionsParams = z.optional(z.tuple([]))
export const WalletGetGrantedExecutionPermissionsResult = z
  .array(ExecutionPermissionResponse)
  .check(z.maxLength(GRANTED_EXECUTION_PERMISSIONS_MAX))
export const WalletGetSupportedExecutionPermissionsParams = WalletGetGrantedExecutionPermissionsParams
/** Keyed by permission type (the pinned text's example misspells `ruleTypes`; MetaMask reads `ruleTypes`). */
export const WalletGetSupportedExecutionPermissionsResult = boundedRecord(
  TYPE_NAME,
  z.strictObject({
    chainIds: z.array(HexChainId).check(z.maxLength(100)),
    ruleTypes: z.array(z.string().check(z.regex(TYPE_NAME))).check(z.maxLength(16)),
  }),
  64,
)
export type WalletGetSupportedExecutionPermissionsResult = z.infer<typeof WalletGetSupportedExecutionPermissionsResult>

/**
 * The first draft's wallet_grantPermissions request, as AppKit (SmartSessionGrantPermissionsRequest)
 * and viem (WalletGrantPermissionsParameters, no chainId: the connection's) send it. Loose on
 * purpose: fromLegacyGrant decides what maps and says why the rest does not.
 */
const LegacyTyped = z.object({ type: z.string().check(z.maxLength(64)), data: z.optional(z.unknown()) })
export const LegacyGrantRequest = z.object({
  chainId: z.optional(HexChainId),
  address: z.optional(EvmAddress),
  expiry: UnixSeconds,
  signer: z.optional(LegacyTyped),
  permissions: z
    .array(z.extend(LegacyTyped, { policies: z.optional(z.array(LegacyTyped).check(z.maxLength(16))), required: z.optional(z.boolean()) }))
    .check(z.minLength(1), z.maxLength(EXECUTION_PERMISSION_REQUESTS_MAX)),
  policies: z.optional(z.array(LegacyTyped).check(z.maxLength(16))),
})
export type LegacyGrantRequest = z.infer<typeof LegacyGrantRequest>
export const WalletGrantPermissionsParams = z
  .array(LegacyGrantRequest)
  .check(z.minLength(1), z.maxLength(EXECUTION_PERMISSION_REQUESTS_MAX))
export type WalletGrantPermissionsParams = z.infer<typeof WalletGrantPermissionsParams>

export type LegacyGrantMapping = { ok: true; requests: ExecutionPermissionRequest[] } | { ok: false; reason: string }

const firstIssue = (error: z.core.$ZodError) => {
  const issue = error.issues[0]!
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}

/**
 * Maps wallet_grantPermissions params to wallet_requestExecutionPermissions params: one request per
 * permission, `address` becomes `from`, an `account` signer's address `to`, `expiry` an expiry rule,
 * and `isAdjustmentAllowed` false (the old form had no such consent). Refuses what would change
 * meaning: other signer types (key, keys, wallet: no account to delegate to), any policy (none has
 * an ERC-7715 rule, and dropping one would widen the grant), and permissions this wallet does not
 * grant. `activeChainId` stands in for the chainId viem's form leaves out.
 */
export function fromLegacyGrant(params: unknown, activeChainId?: string): LegacyGrantMapping {
  // The legacy shape is loose, and zod drops a `__proto__` key silently: refuse one outright.
  if (!isBoundedJson(params))
    return { ok: false, reason: 'Invalid wallet_grantPermissions params: too large, not JSON, or with a prototype key' }
  const legacy = WalletGrantPermissionsParams.safeParse(params)
  if (!legacy.success) return { ok: false, reason: `Invalid wallet_grantPermissions params: ${firstIssue(legacy.error)}` }
  const requests: unknown[] = []
  for (const request of legacy.data) {
    const signer = request.signer
    if (signer?.type !== 'account') {
      return {
        ok: false,
        reason: `Signer ${describe(signer?.type)} cannot hold an execution permission: only an 'account' signer can (ERC-7710)`,
      }
    }
    const policy = request.policies?.[0] ?? request.permissions.find((permission) => permission.policies?.length)?.policies?.[0]
    if (policy) return { ok: false, reason: `Policy ${describe(policy.type)} has no ERC-7715 rule: use wallet_requestExecutionPermissions` }
    const chainId = request.chainId ?? activeChainId
    if (chainId === undefined) return { ok: false, reason: 'wallet_grantPermissions needs a chainId' }
    for (const permission of request.permissions) {
      requests.push({
        chainId,
        ...(request.address ? { from: request.address } : {}),
        to: (signer.data as { address?: unknown } | undefined)?.address,
        permission: { type: permission.type, isAdjustmentAllowed: false, data: permission.data },
        rules: [{ type: 'expiry', data: { timestamp: request.expiry } }],
      })
    }
  }
  const mapped = WalletRequestExecutionPermissionsParams.safeParse(requests)
  return mapped.success ? { ok: true, requests: mapped.data } : { ok: false, reason: firstIssue(mapped.error) }
}
