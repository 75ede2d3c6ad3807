import { isAddress, isSignature } from '@solana/kit'
import * as z from 'zod'

/**
 * Solana access for the data API: one JSON-RPC client per configured `solana:` upstream (a
 * cluster without one is "not supported": callers answer empty and make no request). Answers are
 * checked with the caller's zod schema; a node error or an answer of the wrong shape throws.
 */
export interface SolanaRpc {
  call<T>(method: string, params: readonly unknown[], result: z.ZodType<T>): Promise<T>
  /** One HTTP request for many calls; answers in the order of `calls`. */
  batch<T>(calls: readonly { method: string; params: readonly unknown[] }[], result: z.ZodType<T>): Promise<T[]>
}

export interface SolanaClusters {
  /** CAIP-2 ids of the clusters with an upstream, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  supported(): string[]
  client(caipNetworkId: string): SolanaRpc | undefined
}

/** A base58 ed25519 public key (32 bytes): what a Solana account address is. */
export const isSolanaAddress = (value: string): boolean => isAddress(value)
/** A base58 transaction signature (64 bytes). */
export const isSolanaSignature = (value: string): boolean => isSignature(value)

export class SolanaRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'SolanaRpcError'
  }
}

/** A node answer this large is not something the data API reads: refused rather than parsed. */
const MAX_ANSWER_CHARS = 8 * 1024 * 1024

const Answer = z.object({
  id: z.number().int(),
  result: z.unknown().optional(),
  error: z.object({ code: z.number().int(), message: z.string() }).optional(),
})

export function createSolanaRpc(url: string, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): SolanaRpc {
  // Looked up at each call, not captured: tests watch the global fetch to prove no request was made.
  const send: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init))
  async function post(calls: readonly { method: string; params: readonly unknown[] }[]): Promise<unknown[]> {
    const body = calls.map((call, id) => ({ jsonrpc: '2.0', id, method: call.method, params: call.params }))
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    const text = await response.text()
    if (text.length > MAX_ANSWER_CHARS)
      throw new SolanaRpcError(-32005, `the Solana node answered more than ${MAX_ANSWER_CHARS} characters`)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new SolanaRpcError(-32603, `the Solana node answered HTTP ${response.status} without JSON`)
    }
    const answers = z.array(Answer).safeParse(json)
    if (!answers.success) throw new SolanaRpcError(-32603, `the Solana node answered HTTP ${response.status} without JSON-RPC answers`)
    const byId = new Map(answers.data.map((answer) => [answer.id, answer]))
    return calls.map((call, id) => {
      const answer = byId.get(id)
      if (!answer) throw new SolanaRpcError(-32603, `the Solana node did not answer ${call.method}`)
      if (answer.error) throw new SolanaRpcError(answer.error.code, `${call.method}: ${answer.error.message}`)
      return answer.result ?? null
    })
  }
  const check = <T>(method: string, value: unknown, result: z.ZodType<T>): T => {
    const parsed = result.safeParse(value)
    if (!parsed.success)
      throw new SolanaRpcError(
        -32603,
        `${method}: unexpected answer from the Solana node (${parsed.error.issues[0]?.message ?? 'malformed'})`,
      )
    return parsed.data
  }
  return {
    async call(method, params, result) {
      const [value] = await post([{ method, params }])
      return check(method, value, result)
    },
    async batch(calls, result) {
      if (calls.length === 0) return []
      const values = await post(calls)
      return values.map((value, i) => check(calls[i]!.method, value, result))
    },
  }
}

/** One client per cluster of `upstreams` (the `solana:` upstreams, CAIP-2 -> URL: chains/registry.ts picks them). */
export function createSolanaClusters(upstreams: Record<string, string>, options: { timeoutMs?: number } = {}): SolanaClusters {
  const clients = new Map(Object.entries(upstreams).map(([caipNetworkId, url]) => [caipNetworkId, createSolanaRpc(url, options)]))
  return {
    supported: () => [...clients.keys()],
    client: (caipNetworkId) => clients.get(caipNetworkId),
  }
}
