import { FrameSocialProofMessage } from '@airlock/protocol'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'

/**
 * The proofs of the social logins this frame started. A login's callback page, a popup on this
 * same origin opened by the widget, posts its one-time proof to the frames of its opener
 * (apps/api origins/secure/social-pages.ts); the claim needs it. Kept: only messages from this
 * frame's own origin, in the message's shape, for a flow started here.
 */
export interface SocialProofs {
  /** Registers a flow started here by its token; answers the flow's key (the SHA-256 the proof names it by). */
  expect(flowToken: string): string
  /** A `message` event of this window: true when it was the proof of a flow started here (now kept). */
  receive(event: Pick<MessageEvent, 'origin' | 'data'>): boolean
  /** The proof of that flow, once its callback page has posted it. */
  proofOf(flow: string): string | undefined
  /** Resolves when that flow's proof comes (never, for a flow not started here): a claim need not wait for its next poll. */
  arrived(flow: string): Promise<void>
  forget(flow: string): void
}

/** Flows waiting for a proof at most (each is one click on a social button); the oldest go first. */
const MAX_FLOWS = 16

export function createSocialProofs(ownOrigin: string): SocialProofs {
  const flows = new Map<string, { proof?: string; arrived: Promise<void>; arrive: () => void }>()
  const never = new Promise<void>(() => {})
  return {
    expect(flowToken) {
      const flow = bytesToHex(sha256(utf8ToBytes(flowToken)))
      let arrive!: () => void
      const arrived = new Promise<void>((resolve) => (arrive = resolve))
      flows.set(flow, { arrived, arrive })
      for (const oldest of flows.keys()) {
        if (flows.size <= MAX_FLOWS) break
        flows.delete(oldest)
      }
      return flow
    },
    receive(event) {
      if (event.origin !== ownOrigin) return false
      const parsed = FrameSocialProofMessage.safeParse(event.data)
      const waiting = parsed.success ? flows.get(parsed.data.flow) : undefined
      if (!parsed.success || !waiting) return false
      waiting.proof = parsed.data.proof
      waiting.arrive()
      return true
    },
    proofOf: (flow) => flows.get(flow)?.proof,
    arrived: (flow) => flows.get(flow)?.arrived ?? never,
    forget(flow) {
      flows.delete(flow)
    },
  }
}
