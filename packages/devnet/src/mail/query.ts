import * as z from 'zod'
import type { Mail } from './mail'

/** The longest a `GET /messages/wait` may hold its answer. */
export const MAX_WAIT_MS = 120_000
export const DEFAULT_WAIT_MS = 5000

/** Whether `mail` is one `query` takes (each given part must hold). */
export function matchesQuery(query: MailQuery): (mail: Mail) => boolean {
  const to = query.to?.trim().toLowerCase()
  const subject = query.subject?.toLowerCase()
  return (mail) =>
    (to === undefined || mail.to.includes(to)) &&
    (subject === undefined || mail.subject.toLowerCase().includes(subject)) &&
    (query.since === undefined || Date.parse(mail.date) >= query.since)
}

/** The query in words, for a time-out's message: `to a@b.c, subject containing "code", since 2026-…`. */
export function describeQuery(query: MailQuery): string {
  const parts = [
    ...(query.to !== undefined ? [`to ${query.to}`] : []),
    ...(query.subject !== undefined ? [`subject containing ${JSON.stringify(query.subject)}`] : []),
    ...(query.since !== undefined ? [`since ${new Date(query.since).toISOString()}`] : []),
  ]
  return parts.length ? parts.join(', ') : 'at all'
}

const Text = z.string().trim().min(1).max(320)
const Time = z.union([
  z.coerce.number<string>().int().nonnegative(),
  z.iso.datetime({ offset: true }).transform((date) => Date.parse(date)),
])
/**
 * Which mails a query takes, every given part at once: an envelope recipient (case-insensitive),
 * a piece of the subject (case-insensitive), received at or after `since` (epoch ms; over HTTP
 * also an ISO 8601 date).
 */
export const MailQuery = z.strictObject({ to: Text.optional(), subject: Text.optional(), since: Time.optional() })
export type MailQuery = z.output<typeof MailQuery>
const WaitParams = MailQuery.extend({
  timeoutMs: z.coerce.number<string>().int().min(0).max(MAX_WAIT_MS).default(DEFAULT_WAIT_MS),
})

/** `GET /messages/wait`'s parameters: the query and how long to wait, or what is wrong with them. */
export function parseWaitParams(params: URLSearchParams): { query: MailQuery; timeoutMs: number } | { error: string } {
  const parsed = WaitParams.safeParse(Object.fromEntries(params))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return {
      error: `${issue.path.join('.') || 'query'}: ${issue.message}; expected to=<address>, subject=<text>, since=<epoch ms or ISO 8601>, timeoutMs=<0-${MAX_WAIT_MS}>`,
    }
  }
  const { timeoutMs, ...query } = parsed.data
  return { query, timeoutMs }
}
