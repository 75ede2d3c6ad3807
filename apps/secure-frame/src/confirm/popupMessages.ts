import {
  BitcoinAddress,
  FRAME_RPC_METHOD,
  FrameAddress,
  FrameOrigin,
  FrameRequestId,
  FrameThemeData,
  isBoundedJson,
  PolkadotAddress,
} from '@airlock/protocol'
import * as z from 'zod/mini'
import { Simulation } from '../display/simulation'

/**
 * What the frame and its confirmation popup (confirm.html, a top-level window on the same secure
 * origin) say to each other. Both sides post with the secure origin as the target and accept only
 * messages from that origin and from the one window they talk to (the popup they opened, or the
 * opener), and each message is checked here.
 *
 *   popup -> frame  ready                  the popup has loaded and listens
 *   frame -> popup  request {session, view, theme}
 *   popup -> frame  answer {session, approved}
 *
 * `session` is fresh for each popup the frame opens, so an answer belongs to that request only.
 */
export const CONFIRM_MESSAGE_NAMESPACE = 'airlock-confirm'

const namespace = z.literal(CONFIRM_MESSAGE_NAMESPACE)

export const PromptViewMessage = z.object({
  request: z.object({
    method: z.string().check(z.regex(FRAME_RPC_METHOD)),
    params: z.unknown().check(z.refine((params) => isBoundedJson(params), 'params too large or not JSON')),
    /** An eip155 chain id, or a Solana cluster's, a Bitcoin or a Polkadot network's CAIP-2 id. */
    chainId: z.union([
      z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
      z.templateLiteral(['solana:', z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32}$/))]),
      z.templateLiteral(['bip122:', z.string().check(z.regex(/^[0-9a-f]{32}$/))]),
      z.templateLiteral(['polkadot:', z.string().check(z.regex(/^[0-9a-f]{32}$/))]),
    ]),
    from: z.union([FrameAddress, BitcoinAddress, PolkadotAddress]),
  }),
  origin: z.optional(z.object({ value: FrameOrigin, verified: z.boolean() })),
  dappName: z.optional(z.string().check(z.maxLength(100))),
  simulation: z.optional(Simulation),
})

export const PopupToFrame = z.discriminatedUnion('type', [
  z.object({ namespace, type: z.literal('ready') }),
  z.object({ namespace, type: z.literal('answer'), session: FrameRequestId, approved: z.boolean() }),
])
export type PopupToFrame = z.infer<typeof PopupToFrame>

export const FrameToPopup = z.object({
  namespace,
  type: z.literal('request'),
  session: FrameRequestId,
  view: PromptViewMessage,
  theme: FrameThemeData,
})
export type FrameToPopup = z.infer<typeof FrameToPopup>

/** The message if it comes from `expected` on this window's own origin and has the shape `schema` says. */
export function receive<T>(event: MessageEvent, expected: MessageEventSource | null, schema: z.ZodMiniType<T>): T | undefined {
  if (expected === null || event.source !== expected || event.origin !== location.origin) return undefined
  const parsed = schema.safeParse(event.data)
  return parsed.success ? parsed.data : undefined
}
