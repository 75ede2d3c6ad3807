import * as z from 'zod/mini'

/** penpal 7 wire messages, checked field by field before penpal sees them. */
const base = { namespace: z.literal('penpal'), channel: z.optional(z.string()) }
const id = z.string().check(z.maxLength(100))
const path = z.array(z.string().check(z.maxLength(100))).check(z.maxLength(8))

export const PenpalEnvelope = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('SYN'), participantId: id }),
  z.object({ ...base, type: z.literal('ACK1'), methodPaths: z.array(path).check(z.maxLength(100)) }),
  z.object({ ...base, type: z.literal('ACK2') }),
  z.object({ ...base, type: z.literal('CALL'), id, methodPath: path, args: z.array(z.unknown()).check(z.maxLength(4)) }),
  z.object({
    ...base,
    type: z.literal('REPLY'),
    callId: id,
    value: z.unknown(),
    isError: z.optional(z.boolean()),
    isSerializedErrorInstance: z.optional(z.boolean()),
  }),
  z.object({ ...base, type: z.literal('DESTROY') }),
])
