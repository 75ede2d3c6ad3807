import * as z from 'zod'

/** One mail the sink received: what `messages()`, `waitFor()` and the JSON API give. */
export const Mail = z.object({
  id: z.string(),
  /** The From header's address, else the envelope sender (MAIL FROM). */
  from: z.string(),
  /** The envelope recipients (RCPT TO, so Bcc'd addresses too), lower-cased, in order, without repeats. */
  to: z.array(z.string()),
  /** Decoded (RFC 2047) subject; '' when there is none. */
  subject: z.string(),
  /** The text part; for an HTML-only mail, text derived from the HTML. */
  text: z.string(),
  html: z.string().optional(),
  /** When the sink received it (ISO 8601). */
  date: z.iso.datetime(),
  /** Decoded headers by lower-case name (repeated headers joined with ', '). */
  headers: z.record(z.string(), z.string()),
})
export type Mail = z.infer<typeof Mail>
