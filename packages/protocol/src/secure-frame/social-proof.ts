import * as z from 'zod/mini'

/**
 * What the social login callback page (a top-level popup on the secure origin) posts to the secure
 * frame that started the login: the one-time proof that the login finished in the browser that
 * started it. Posted only to the frames of the popup's opener (the widget), pinned to the secure
 * origin, so only the secure frame receives it; the frame's claim needs it (apps/api
 * origins/secure/social.ts). `flow` is the SHA-256 (hex) of the flow token the frame got at start:
 * the server keeps only that hash, and the frame knows which of its logins it is for.
 */
export const SOCIAL_PROOF_MESSAGE_TYPE = 'airlock:social-proof'

export const FrameSocialProofMessage = z.object({
  type: z.literal(SOCIAL_PROOF_MESSAGE_TYPE),
  flow: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  proof: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
})
export type FrameSocialProofMessage = z.infer<typeof FrameSocialProofMessage>
