import type * as z from 'zod/mini'
import { ProviderRpcError, RpcErrorCode, type FrameChainId, type FrameRpcRequest, type Namespace } from '@airlock/protocol'
import type { ApprovalChainId, ApprovalInput, Common, DecodeContext, Decoded, FamilyKind } from '../display/decoded'
import type { Parts } from '../display/dom'
import type { Simulation } from '../display/simulation'

/**
 * A chain family as the secure frame knows it (families/<ns>/): its accounts from the one seed,
 * the requests it checks and signs (FrameFamily, registry.ts), and how its confirmation decodes and
 * draws them (FamilyView, views.ts). The frame's own code asks these, never a family's files.
 */

/** The wallet side, in the frame's first load: what a family's code needs loads with its first account. */
export interface FrameFamily<S = object> {
  readonly namespace: Namespace
  /** The confirmation methods (protocol FRAME_CONFIRM_RPC_METHODS) whose requests are this family's. */
  readonly methods: readonly string[]
  /** Account `index` of the 64-byte BIP-39 seed; the caller wipes the seed once this resolves. */
  open(bip39Seed: Uint8Array, index: number): Promise<FamilyAccount<S>>
}

/** One family's account of the user's wallet, once opened: its key stays inside. */
export interface FamilyAccount<S = object> {
  readonly namespace: Namespace
  readonly address: string
  /**
   * The account's address on each network by CAIP-2 id, for a family whose addresses differ by
   * network (bip122: coin type and bech32 prefix); `address` is then its main network's.
   */
  readonly networks?: Readonly<Record<string, string>>
  /**
   * Checks a confirmation request before the user is asked and binds what will be signed. The checks
   * are what the key's holder owes regardless of the user: the request names this account and the
   * chain it is for, and its params sign. A request bound to fail is refused here, not shown.
   * `services` are what the frame was given to reach the chains (main.ts; fakes in tests).
   */
  prepare(request: FrameRpcRequest, context: PrepareContext, services: S): Promise<PreparedRequest>
  /** Wipes the account's key; signing afterwards throws. */
  destroy(): void
}

export interface PrepareContext {
  /** The chain the frame is on (getUser, switchNetwork), in whichever family's form. */
  chainId: FrameChainId
  /** The dapp's project, which the API's RPC proxy needs. */
  projectId: string | undefined
}

/** A request checked and ready to sign: what the user is shown is `params`, exactly what `sign` signs. */
export interface PreparedRequest {
  method: string
  /** The params after the frame's own checks (a transaction: only the fields it signs). */
  params: unknown
  /** The chain it is for; undefined: the frame is on no chain of the request's family. */
  chainId: ApprovalChainId | undefined
  /** The account that signs, in its family's format. */
  from: string
  /** The answer: a signature or signed transaction (eip155), an object of them (solana). */
  sign(): Promise<unknown>
  /** What the deployment's node says the request would do, shown with it (issue 23). */
  simulate?(): Promise<Simulation>
}

export const RequestMessage = {
  badParams: (method: string) => `Invalid params for ${method}`,
  notSupported: (method: string) => `${method} is not supported by this wallet yet`,
} as const

/** What every family's prepare step does with a request: its params parsed (or -32602), and the prepared request built. */
export function requestTools(request: FrameRpcRequest, on: { chainId: ApprovalChainId | undefined; from: string }) {
  return {
    parse<T>(schema: z.ZodMiniType<T>): T {
      const parsed = schema.safeParse(request.params)
      if (!parsed.success) throw new ProviderRpcError(RpcErrorCode.InvalidParams, RequestMessage.badParams(request.method))
      return parsed.data
    },
    prepared: (params: unknown, sign: () => Promise<unknown>): PreparedRequest => ({ method: request.method, params, ...on, sign }),
  }
}

/**
 * The confirmation side, in the prompt's chunk: a family's requests decoded (pure) and its own
 * kinds drawn. `C` is the family's form of a chain id, `F` its kinds (display/decoded.ts).
 */
export interface FamilyView<C extends ApprovalChainId = ApprovalChainId, F extends FamilyKind = FamilyKind> {
  readonly namespace: Namespace
  /** The chain id in this family's form, or undefined when it is another family's. */
  chainOf(chainId: ApprovalChainId): C | undefined
  decode(request: ApprovalInput<C>, context: DecodeContext): Decoded<F>
  /** The prompt's title for one of the family's own kinds. */
  title(decoded: F): string
  parts(decoded: Common & F): Parts
}
