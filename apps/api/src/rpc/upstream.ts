import * as z from 'zod'
import { UpstreamResponse } from './schema'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export type UpstreamResult =
  | { ok: true; body: UpstreamResponse | UpstreamResponse[] }
  /** `message` is safe to show to callers: it names the chain, never the upstream URL. */
  | { ok: false; message: string }

const UpstreamBody = z.union([UpstreamResponse, z.array(UpstreamResponse)])

function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timed out'
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  return typeof cause?.code === 'string' ? `is unreachable (${cause.code})` : 'is unreachable'
}

/** POSTs a JSON-RPC payload to the chain's upstream node; never throws. */
export async function callUpstream(
  url: string,
  payload: unknown,
  options: { chainId: string; timeoutMs: number; fetch: FetchLike },
): Promise<UpstreamResult> {
  const who = `The RPC node for ${options.chainId}`
  let response: Response
  let text: string
  try {
    response = await options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    text = await response.text()
  } catch (error) {
    const what = describeFailure(error)
    return { ok: false, message: what === 'timed out' ? `${who} timed out after ${options.timeoutMs / 1000} s` : `${who} ${what}` }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, message: `${who} answered HTTP ${response.status} without a JSON-RPC body` }
  }
  // Some nodes answer JSON-RPC errors with 4xx/5xx (rate limits): a valid body wins over the status.
  const parsed = UpstreamBody.safeParse(json)
  if (!parsed.success) return { ok: false, message: `${who} answered HTTP ${response.status} with an invalid JSON-RPC response` }
  return { ok: true, body: parsed.data }
}
