import * as z from 'zod'
import { DEFAULT_WAIT_MS, type MailQuery } from './query'
import { Mail } from './mail'
import { MailTimeoutError } from './sink'

const ErrorBody = z.object({ error: z.string() })

/**
 * The first mail in the sink at `httpUrl` that `query` takes (the newest already there, else the
 * next to arrive), from another process: one `GET /messages/wait` that the sink answers as soon as
 * the mail is there, so nothing arriving between two looks is missed and nothing waits for a poll.
 * Rejects with MailTimeoutError (the sink's message names what it holds) after `timeoutMs`.
 */
export async function waitForMail(httpUrl: string, query: MailQuery, { timeoutMs = DEFAULT_WAIT_MS } = {}): Promise<Mail> {
  const params = new URLSearchParams({ timeoutMs: String(timeoutMs) })
  if (query.to !== undefined) params.set('to', query.to)
  if (query.subject !== undefined) params.set('subject', query.subject)
  if (query.since !== undefined) params.set('since', String(query.since))
  const response = await fetch(`${httpUrl.replace(/\/$/, '')}/messages/wait?${params}`)
  const body: unknown = await response.json()
  if (response.ok) return Mail.parse(body)
  const error = ErrorBody.safeParse(body)
  const message = error.success ? error.data.error : `the mail sink answered ${response.status}`
  throw response.status === 408 ? new MailTimeoutError(message) : new Error(message)
}
