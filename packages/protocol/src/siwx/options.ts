import * as z from 'zod/mini'

/** The longest sign-in a dapp may ask for: the API caps a session at this too. */
export const SIWX_MAX_EXPIRATION_SECONDS = 30 * 24 * 3600

/**
 * The `siwx` option's settings (`siwx: true` is all defaults). `required`: the modal never closes
 * on a connected account without a session (its close acts as Cancel, which disconnects);
 * `signOutOnDisconnect` (default true): a disconnect ends the sessions of the chains it ends.
 */
export const SiwxSettings = z.object({
  required: z.optional(z.boolean()),
  statement: z.optional(z.string().check(z.minLength(1), z.maxLength(1024), z.regex(/^[^\n\r]*$/))),
  resources: z.optional(
    z.array(z.string().check(z.maxLength(2048), z.regex(/^[a-z][a-z0-9+.-]*:\S+$/))).check(z.minLength(1), z.maxLength(32)),
  ),
  expirationSeconds: z.optional(z.int().check(z.minimum(60), z.maximum(SIWX_MAX_EXPIRATION_SECONDS))),
  signOutOnDisconnect: z.optional(z.boolean()),
})
export type SiwxSettings = z.infer<typeof SiwxSettings>
