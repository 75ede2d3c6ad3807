import * as z from 'zod/mini'
import { isBoundedJson } from './bounded-json'
import { EvmAddress } from './common'
import { Hash32, HexChainId, HexUint256, boundedRecord, hexBytes } from './evm-values'

/**
 * EIP-5792 "Wallet Call API" version 2.0.0, as viem 2.57 speaks it (types/eip1193.d.ts:
 * WalletSendCallsParameters, WalletGetCallsStatusReturnType, WalletCallReceipt, and the
 * wallet_getCapabilities / wallet_showCallsStatus entries of its WalletRpcSchema).
 */

export const EIP5792_VERSION = '2.0.0'
/** Calls in one batch: a hundred transfers fit a block; more is a dapp bug or an attack on the confirmation screen. */
export const WALLET_CALLS_MAX = 100
/** EIP-5792: a batch identifier is a string of at most 4096 bytes (ASCII here, so chars = bytes). */
export const CALLS_ID_MAX_LENGTH = 4096
/** One call's data: a 48 kB initcode is 98 kB of hex; 500 kB leaves room for any calldata a user can read. */
export const CALL_DATA_MAX_BYTES = 500_000

/** A batch id: printable ASCII, so that it is the same string on every side and shows as written. */
export const CallsId = z
  .string()
  .check(z.minLength(1), z.maxLength(CALLS_ID_MAX_LENGTH), z.regex(/^[\x20-\x7e]+$/, 'Expected a printable ASCII id'))

const CAPABILITY_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/
/** Any capability's value: plain JSON of at most 100 000 characters, 16 levels deep. */
const CapabilityValue = z.unknown().check(z.refine((value) => isBoundedJson(value, 100_000, 16), 'Capability too large or not JSON'))

/** ERC-7677's request capability (EIP-5792 2.0.0 adds `optional` to every capability). */
export const PaymasterServiceCapability = z.object({
  url: z.string().check(z.maxLength(2048), z.regex(/^https?:\/\//, 'Expected an http(s) paymaster URL')),
  context: z.optional(boundedRecord(CAPABILITY_NAME, CapabilityValue, 32)),
  optional: z.optional(z.boolean()),
})

/** Capabilities a request or answer names; the known ones are checked, the others kept as bounded JSON. */
export const WalletCapabilities = z.pipe(
  boundedRecord(CAPABILITY_NAME, CapabilityValue, 32),
  z.catchall(z.object({ paymasterService: z.optional(PaymasterServiceCapability) }), CapabilityValue),
)
export type WalletCapabilities = z.infer<typeof WalletCapabilities>

/**
 * One call. EIP-5792 lets `to` be omitted (a contract creation); SPEC.md section 5 requires it,
 * and the smart account's ERC-7579 execute has no creation mode, so a call without one is refused
 * here rather than after the user has confirmed it.
 */
export const WalletCall = z.strictObject({
  to: EvmAddress,
  data: z.optional(hexBytes(CALL_DATA_MAX_BYTES)),
  value: z.optional(HexUint256),
  capabilities: z.optional(WalletCapabilities),
})
export type WalletCall = z.infer<typeof WalletCall>

/**
 * wallet_sendCalls params: one request holding 1 to 100 calls. Strict: a key we do not know may
 * carry a constraint the dapp expects the wallet to keep, so it is refused, not dropped.
 */
export const WalletSendCallsRequest = z.strictObject({
  version: z.string().check(z.regex(/^\d{1,3}\.\d{1,3}(\.\d{1,3})?$/, 'Expected a version such as 2.0.0')),
  id: z.optional(CallsId),
  from: z.optional(EvmAddress),
  chainId: HexChainId,
  atomicRequired: z.boolean(),
  calls: z.array(WalletCall).check(z.minLength(1), z.maxLength(WALLET_CALLS_MAX)),
  capabilities: z.optional(WalletCapabilities),
})
export type WalletSendCallsRequest = z.infer<typeof WalletSendCallsRequest>
export const WalletSendCallsParams = z.tuple([WalletSendCallsRequest])
export type WalletSendCallsParams = z.infer<typeof WalletSendCallsParams>

export const WalletSendCallsResult = z.object({ id: CallsId, capabilities: z.optional(WalletCapabilities) })
export type WalletSendCallsResult = z.infer<typeof WalletSendCallsResult>

/** wallet_getCallsStatus and wallet_showCallsStatus take the batch id alone. */
export const WalletGetCallsStatusParams = z.tuple([CallsId])
export type WalletGetCallsStatusParams = z.infer<typeof WalletGetCallsStatusParams>
export const WalletShowCallsStatusParams = WalletGetCallsStatusParams
export type WalletShowCallsStatusParams = WalletGetCallsStatusParams

/** EIP-5792 batch status codes. */
export const CALLS_STATUS = {
  /** Received, not yet complete on chain. */
  pending: 100,
  /** Included on chain without reverts. */
  confirmed: 200,
  /** Not included on chain; the wallet will not retry. */
  offchainFailure: 400,
  /** Reverted completely: at most the gas charge happened. */
  reverted: 500,
  /** Reverted partially: some calls' changes may be on chain. */
  partiallyReverted: 600,
} as const
export type CallsStatus = (typeof CALLS_STATUS)[keyof typeof CALLS_STATUS]
export const CallsStatusCode = z.literal(Object.values(CALLS_STATUS))

/** Per receipt: a transaction's logs are bounded by its gas; 10 000 is far beyond any real one. */
const RECEIPT_LOGS_MAX = 10_000
export const WalletCallLog = z.object({
  address: EvmAddress,
  data: hexBytes(CALL_DATA_MAX_BYTES),
  topics: z.array(Hash32).check(z.maxLength(4)),
})
export const WalletCallReceipt = z.object({
  logs: z.array(WalletCallLog).check(z.maxLength(RECEIPT_LOGS_MAX)),
  status: z.enum(['0x0', '0x1']),
  blockHash: Hash32,
  blockNumber: HexUint256,
  gasUsed: HexUint256,
  transactionHash: Hash32,
})
export type WalletCallReceipt = z.infer<typeof WalletCallReceipt>

export const WalletGetCallsStatusResult = z.object({
  version: z.string().check(z.maxLength(20)),
  id: CallsId,
  chainId: HexChainId,
  status: CallsStatusCode,
  atomic: z.boolean(),
  receipts: z.optional(z.array(WalletCallReceipt).check(z.maxLength(WALLET_CALLS_MAX))),
  capabilities: z.optional(WalletCapabilities),
})
export type WalletGetCallsStatusResult = z.infer<typeof WalletGetCallsStatusResult>

/** Chains one wallet_getCapabilities may ask about or answer for. */
export const CAPABILITY_CHAINS_MAX = 100
/**
 * wallet_getCapabilities params as viem sends them: `[address?]` or `[address?, chainIds?]`
 * (an absent address is undefined over postMessage, null once through JSON), or none at all.
 */
export const WalletGetCapabilitiesParams = z.optional(
  z.tuple([z.nullish(EvmAddress), z.nullish(z.array(HexChainId).check(z.minLength(1), z.maxLength(CAPABILITY_CHAINS_MAX)))]),
)
export type WalletGetCapabilitiesParams = z.infer<typeof WalletGetCapabilitiesParams>

export const ATOMIC_STATUSES = ['supported', 'ready', 'unsupported'] as const
/** One chain's answer: `atomic` and `paymasterService` checked, other capabilities kept as bounded JSON. */
export const ChainCapabilities = z.pipe(
  boundedRecord(CAPABILITY_NAME, CapabilityValue, 32),
  z.catchall(
    z.object({
      atomic: z.optional(z.strictObject({ status: z.enum(ATOMIC_STATUSES) })),
      paymasterService: z.optional(z.strictObject({ supported: z.boolean() })),
    }),
    CapabilityValue,
  ),
)
export type ChainCapabilities = z.infer<typeof ChainCapabilities>
/** Keyed by hex chain id; EIP-5792 lets `0x0` hold what every chain supports. */
export const WalletGetCapabilitiesResult = boundedRecord(/^0x[0-9a-fA-F]{1,16}$/, ChainCapabilities, CAPABILITY_CHAINS_MAX + 1)
export type WalletGetCapabilitiesResult = z.infer<typeof WalletGetCapabilitiesResult>
