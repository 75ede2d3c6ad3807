import type { SiwxMessageData } from '@airlock/protocol'
import type { DecodedData, NativeInfo } from './calldata'
import type { DecodedMessage } from './message'
import type { DecodedSolanaInstruction } from './solanaInstructions'
import type { DecodedTypedData } from './typedData'

/**
 * The one shape every family's decoder gives the confirmation (decode.ts dispatches, eip155.ts and
 * solana.ts decode): what is signed, on which network, and the warnings the user must see. Each
 * family's part is defined here too, so that the decoders depend on the shape and not the reverse.
 */

/** A sign-in message as the confirmation shows it. */
export interface DecodedSiwx {
  namespace: string
  data: SiwxMessageData
  /** The message's network by name where the frame knows it, else its CAIP-2 id. */
  networkName: string
  /**
   * Why it cannot be approved: a sign-in to another site than the one asking, the credential a
   * phishing site wants (render.ts shows it, Reject only).
   */
  refusal?: string
}

/** An eip155 chain by number, a Solana cluster by its CAIP-2 id. */
export type ApprovalChainId = number | `solana:${string}`

export interface ApprovalInput<C extends ApprovalChainId = ApprovalChainId> {
  method: string
  params: unknown
  chainId: C
  /** The account that signs, in its family's format. */
  from: string
}

/** What the request itself does not say but its checks need (a sign-in's site, siwx.ts). */
export interface DecodeContext {
  /** The dapp's origin as the prompt shows it (render.ts PromptView.origin), undefined when unknown. */
  dappOrigin: string | undefined
  /** Milliseconds since the epoch. */
  now: number
}

export interface NetworkLabel {
  chainId: ApprovalChainId
  name: string
  native: NativeInfo | undefined
}

/** An eip155 transaction as the confirmation shows it. */
export interface DecodedTransaction {
  /** Absent for a contract creation. */
  to: string | undefined
  value: bigint
  /** '1.5 ETH' in the network's native currency (wei when the network is unknown). */
  valueText: string
  data: DecodedData
  /** The gas limit, in decimal. */
  gas?: string
  nonce?: string
  /** The most the network fee can cost: gas x maxFeePerGas (or gasPrice), in the native currency. */
  maxFeeText?: string
}

/** A Solana transaction as the confirmation shows it. */
export interface DecodedSolanaTransaction {
  version: 'legacy' | 0
  feePayer: string
  /** The signers besides this wallet that have not signed yet (solana_signTransaction signs its part only). */
  otherSigners: string[]
  instructions: DecodedSolanaInstruction[]
  /** '0.000005 SOL': 5,000 lamports a signature plus the priority fee, paid by the fee payer. */
  feeText: string
  /** The fee holds a priority fee over a compute limit the transaction does not set: it is a bound, not the fee. */
  feeIsMax: boolean
  /** Accounts loaded from address lookup tables (v0), which the frame cannot read. */
  lookedUpAccounts: number
}

type Common = { method: string; network: NetworkLabel; warnings: string[] }

export type DecodedRequest = Common &
  /** `siwx`: the message is a sign-in, shown as one (siwx.ts). */
  (
    | { kind: 'message'; message: DecodedMessage; address: string; siwx?: DecodedSiwx }
    | { kind: 'typedData'; typedData: DecodedTypedData; address: string }
    | { kind: 'transaction'; transaction: DecodedTransaction }
    | { kind: 'solanaTransaction'; transaction: DecodedSolanaTransaction }
    | { kind: 'invalid'; error: string; params: string; truncated: boolean }
  )

/** Decodes the requests of one family; anything it cannot read is `invalid` (reject only). */
export type RequestDecoder<C extends ApprovalChainId> = (request: ApprovalInput<C>, context: DecodeContext) => DecodedRequest

/** Characters of pretty-printed params shown for a request that cannot be read. */
export const PARAMS_DISPLAY_LIMIT = 20_000

export function invalidRequest(common: Common, params: unknown, error: string): DecodedRequest {
  return { ...common, kind: 'invalid', error, ...prettyParams(params) }
}

/** Params as indented JSON, cut to PARAMS_DISPLAY_LIMIT characters. */
export function prettyParams(params: unknown): { params: string; truncated: boolean } {
  let text: string
  try {
    text = JSON.stringify(params, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? 'undefined'
  } catch {
    text = '(params that cannot be shown)'
  }
  return text.length > PARAMS_DISPLAY_LIMIT
    ? { params: text.slice(0, PARAMS_DISPLAY_LIMIT), truncated: true }
    : { params: text, truncated: false }
}
