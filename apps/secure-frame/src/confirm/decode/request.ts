import type { NativeInfo } from './calldata'
import type { DecodedTransaction } from './eip155'
import type { DecodedMessage } from './message'
import type { DecodedSolanaTransaction } from './solana'
import type { DecodedTypedData } from './typedData'

/**
 * The one shape every family's decoder gives the confirmation (decode.ts dispatches, eip155.ts and
 * solana.ts decode): what is signed, on which network, and the warnings the user must see.
 */

/** An eip155 chain by number, a Solana cluster by its CAIP-2 id. */
export type ApprovalChainId = number | `solana:${string}`

export interface ApprovalInput<C extends ApprovalChainId = ApprovalChainId> {
  method: string
  params: unknown
  chainId: C
  /** The account that signs, in its family's format. */
  from: string
}

export interface NetworkLabel {
  chainId: ApprovalChainId
  name: string
  native: NativeInfo | undefined
}

type Common = { method: string; network: NetworkLabel; warnings: string[] }

export type DecodedRequest = Common &
  (
    | { kind: 'message'; message: DecodedMessage; address: string }
    | { kind: 'typedData'; typedData: DecodedTypedData; address: string }
    | { kind: 'transaction'; transaction: DecodedTransaction }
    | { kind: 'solanaTransaction'; transaction: DecodedSolanaTransaction }
    | { kind: 'invalid'; error: string; params: string; truncated: boolean }
  )

/** Decodes the requests of one family; anything it cannot read is `invalid` (reject only). */
export type RequestDecoder<C extends ApprovalChainId> = (request: ApprovalInput<C>) => DecodedRequest

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
