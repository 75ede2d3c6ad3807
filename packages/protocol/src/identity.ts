import * as z from 'zod/mini'

/**
 * `GET /v1/identity/{address}` (SPEC section 7): the address's primary name and its avatar URL,
 * nulls when there is none. The widget parses the api's answer with this schema.
 */
export const IdentityResponse = z.object({
  name: z.nullable(z.string().check(z.maxLength(255))),
  avatar: z.nullable(z.string().check(z.maxLength(2048))),
})
export type IdentityResponse = z.infer<typeof IdentityResponse>
