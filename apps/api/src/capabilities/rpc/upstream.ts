import { RpcErrorCode } from '@airlock/protocol'
import * as z from 'zod'
import { UpstreamResponse } from './schema'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export type UpstreamResult =
  | { ok: true; body: UpstreamResponse | UpstreamResponse[] }
  /** `message` is safe to show to callers: it names the chain, never the upstream URL. */
  | { ok: false; code: RpcErrorCode; message: string }

export interface UpstreamOptions {
  chainId: string
  timeoutMs: number
  /** Bytes of the answer read at most. */
  maxResponseBytes: number
  fetch: FetchLike
}

const UpstreamBody = z.union([UpstreamResponse, z.array(UpstreamResponse)])

function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timed out'
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  return typeof cause?.code === 'string' ? `is unreachable (${cause.code})` : 'is unreachable'
}

const MIB = 1024 * 1024
const formatBytes = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`)

/**
 * The body as text, or undefined once it passes `maxBytes`: counted chunk by chunk as it arrives,
 * and the rest is never read (cancelling the stream drops the connection).
 */
export async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel()
    return undefined
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size).toString('utf8')
}

/** POSTs a JSON-RPC payload to the chain's upstream node; never throws. */
export async function callUpstream(url: string, payload: unknown, options: UpstreamOptions): Promise<UpstreamResult> {
  const who = `The RPC node for ${options.chainId}`
  let response: Response
  let text: string | undefined
  try {
    response = await options.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    text = await readCapped(response, options.maxResponseBytes)
  } catch (error) {
    const what = describeFailure(error)
    const message = what === 'timed out' ? `${who} timed out after ${options.timeoutMs / 1000} s` : `${who} ${what}`
    return { ok: false, code: RpcErrorCode.InternalError, message }
  }
  if (text === undefined) {
    return {
      ok: false,
      code: RpcErrorCode.LimitExceeded,
      message: `${who} answered more than the limit of ${formatBytes(options.maxResponseBytes)}: ask for less per request (a narrower eth_getLogs range, a shorter batch)`,
    }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, code: RpcErrorCode.InternalError, message: `${who} answered HTTP ${response.status} without a JSON-RPC body` }
  }
  // Some nodes answer JSON-RPC errors with 4xx/5xx (rate limits): a valid body wins over the status.
  const parsed = UpstreamBody.safeParse(json)
  if (!parsed.success) {
    return {
      ok: false,
      code: RpcErrorCode.InternalError,
      message: `${who} answered HTTP ${response.status} with an invalid JSON-RPC response`,
    }
  }
  return { ok: true, body: parsed.data }
}
