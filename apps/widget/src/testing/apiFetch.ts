import { vi } from 'vitest'
import type { Identity } from '../core/http/identity'

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The requests a mocked fetch got for `path`, in order, each with its JSON body parsed. */
export function apiCalls(fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }, path: string) {
  return fetch.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input)),
      init,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    }))
    .filter((call) => call.url.pathname === path)
}

/**
 * A fake api for component tests: the RPC proxy answers eth_getBalance with `balance`, the identity
 * route with `identity` (nulls by default), the account balance and history routes (the embedded
 * wallet's Account tabs) with `tokens` and `history` (an empty account by default). `rpc` answers
 * other RPC methods (its undefined falls back to `balance`); `routes` answers any other path (its
 * undefined falls through). Calls are recorded by the returned mock.
 */
export function fakeApiFetch(
  options: {
    balance?: string
    identity?: Identity | ((address: string) => Response)
    tokens?: unknown[]
    history?: { data: unknown[]; next: string | null }
    rpc?: (method: string, params: unknown) => unknown | Promise<unknown>
    routes?: (url: URL, init?: RequestInit) => Response | undefined | Promise<Response | undefined>
  } = {},
) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.pathname === '/v1/rpc') {
      const { id, method, params } = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown }
      const answer = await options.rpc?.(method, params)
      if (answer instanceof Response) return answer
      return json({ jsonrpc: '2.0', id, result: answer ?? options.balance ?? '0x0' })
    }
    const routed = await options.routes?.(url, init)
    if (routed) return routed
    const identity = /^\/v1\/identity\/(.+)$/.exec(url.pathname)
    if (identity) {
      const answer = options.identity ?? { name: null, avatar: null }
      return typeof answer === 'function' ? answer(decodeURIComponent(identity[1]!)) : json(answer)
    }
    if (/^\/v1\/account\/[^/]+\/balance$/.test(url.pathname)) return json({ balances: options.tokens ?? [] })
    if (/^\/v1\/account\/[^/]+\/history$/.test(url.pathname)) return json(options.history ?? { data: [], next: null })
    return json({ status: 404, error: 'Not found' }, 404)
  })
}
