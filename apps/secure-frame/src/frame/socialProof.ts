import { FrameSocialProofMessage } from '@airlock/protocol'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'

/**
 * The proofs of the social logins this frame started. A login's callback page, a popup on this
 * same origin opened by the widget, posts its one-time proof to the frames of its opener
 * (apps/api secure-origin/social-pages.ts); the claim needs it. Kept: only messages from this
 * frame's own origin, in the message's shape, for a flow started here.
 */
export interface SocialProofs {
  /** Registers a flow started here by its token; answers the flow's key (the SHA-256 the proof names it by). */
  expect(flowToken: string): string
  /** A `message` event of this window: true when it was the proof of a flow started here (now kept). */
  receive(event: Pick<MessageEvent, 'origin' | 'data'>): boolean
  /** The proof of that flow, once its callback page has posted it. */
  proofOf(flow: string): string | undefined
  forget(flow: string): void
}

/** Flows waiting for a proof at most (each is one click on a social button); the oldest go first. */
const MAX_FLOWS = 16

export function createSocialProofs(ownOrigin: string): SocialProofs {
  /** Flow key -> its proof, once posted. */
  const flows = new Map<string, string | undefined>()
  return {
    expect(flowToken) {
      const flow = bytesToHex(sha256(utf8ToBytes(flowToken)))
      flows.set(flow, undefined)
      for (const oldest of flows.keys()) {
        if (flows.size <= MAX_FLOWS) break
        flows.delete(oldest)
      }
      return flow
    },
    receive(event) {
      if (event.origin !== ownOrigin) return false
      const parsed = FrameSocialProofMessage.safeParse(event.data)
      if (!parsed.success || !flows.has(parsed.data.flow)) return false
      flows.set(parsed.data.flow, parsed.data.proof)
      return true
    },
    proofOf: (flow) => flows.get(flow),
    forget(flow) {
      flows.delete(flow)
    },
  }
}
