import type { SiwxMessageData } from '@airlock/protocol'
import type { NativeInfo } from './amounts'
import type { DecodedMessage } from './message'

/**
 * The one shape every family's decoder gives the confirmation (families/views.ts dispatches,
 * families/<ns>/decode.ts decode): what is signed, on which network, and the warnings the user must
 * see. A family adds its own kinds (a transaction, typed data) as `F` of `Decoded<F>`.
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

/** An eip155 chain by number, a Solana cluster, a Bitcoin or a Polkadot network by its CAIP-2 id. */
export type ApprovalChainId = number | `solana:${string}` | `bip122:${string}` | `polkadot:${string}`

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

export type Common = { method: string; network: NetworkLabel; warnings: string[] }

/** A family's own kinds: what the family alone decodes and draws (families/<ns>/render.ts). */
export type FamilyKind = { kind: string }

/**
 * `siwx`: the message is a sign-in, shown as one (siwx.ts). `signature`: which signature of the
 * message, where a family signs it in more than one form (bip122: BIP-322 or the legacy ECDSA one).
 */
export type Decoded<F extends FamilyKind> = Common &
  (
    | { kind: 'message'; message: DecodedMessage; address: string; siwx?: DecodedSiwx; signature?: string }
    | { kind: 'invalid'; error: string; params: string; truncated: boolean }
    | F
  )

/** Decodes the requests of one family; anything it cannot read is `invalid` (reject only). */
export type RequestDecoder<C extends ApprovalChainId, F extends FamilyKind> = (
  request: ApprovalInput<C>,
  context: DecodeContext,
) => Decoded<F>

/** Characters of pretty-printed params shown for a request that cannot be read. */
export const PARAMS_DISPLAY_LIMIT = 20_000

export function invalidRequest(common: Common, params: unknown, error: string): Decoded<never> {
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
