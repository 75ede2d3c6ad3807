import * as z from 'zod/mini'

/**
 * The names calls of the data API (SPEC section 7, `/v1/profile/*`) as the widget reads them.
 * apps/api's names routes answer these shapes (apps/api/src/capabilities/names/protocol-schema.test.ts).
 */

/** A registered name: its addresses keyed by ENSIP-11 coin type, and its attributes. */
export const NameRecordResponse = z.object({
  name: z.string().check(z.maxLength(300)),
  registered: z.number(),
  updated: z.number(),
  registered_at: z.string(),
  updated_at: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string().check(z.maxLength(100)), created: z.string() })),
  attributes: z.object({ avatar: z.optional(z.string()), bio: z.optional(z.string()) }),
})
export type NameRecordResponse = z.infer<typeof NameRecordResponse>

/** `GET /v1/profile/reverse/{address}`: the names of an address, oldest first. */
export const ReverseNamesResponse = z.array(NameRecordResponse).check(z.maxLength(1000))
export type ReverseNamesResponse = z.infer<typeof ReverseNamesResponse>

/** `GET /v1/profile/suggestions/{name}`: the name itself first (taken or not), then free variants. */
export const NameSuggestionsResponse = z.object({
  suggestions: z.array(z.object({ name: z.string().check(z.maxLength(300)), registered: z.boolean() })).check(z.maxLength(100)),
})
export type NameSuggestionsResponse = z.infer<typeof NameSuggestionsResponse>

/** `POST /v1/profile/account`: the registered record. */
export const RegisterNameResponse = z.extend(NameRecordResponse, { success: z.literal(true) })
export type RegisterNameResponse = z.infer<typeof RegisterNameResponse>
