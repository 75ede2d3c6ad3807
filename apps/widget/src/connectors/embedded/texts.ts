/**
 * SPEC section 8 texts the first paint needs. They live in @airlock/protocol too (FrameErrorMessage),
 * but a value import from its secure-frame modules pulls those modules, and the zod schemas beside
 * them, into the first chunk; texts.test.ts keeps the two spellings equal.
 */
export const AUTHENTICATING_TEXT = 'Authenticating...'
export const LOAD_FAILED_TEXT = 'Unable to load email login dependency'
