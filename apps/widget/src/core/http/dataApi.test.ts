import * as z from 'zod/mini'
import { describe, expect, it, vi } from 'vitest'
import { createDataApi, DataApiError } from './dataApi'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const Allowance = z.object({ allowance: z.string() })

function setup(respond: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn(respond)
  const api = createDataApi({
    apiUrl: 'http://api.localhost:4403/',
    project: () => ({ projectId: 'demo', sdkType: 'html', sdkVersion: 'html-1.0.0' }),
    fetch: fetch as unknown as typeof globalThis.fetch,
    timeoutMs: 50,
  })
  return { api, fetch }
}

describe('data API client', () => {
  it('GETs with the project query (SPEC 7), drops undefined parameters and answers the parsed body', async () => {
    const { api, fetch } = setup(async () => json({ allowance: '12', extra: true }))
    expect(
      await api.get('/v1/convert/allowance', { tokenAddress: 'eip155:1:0xabc', userAddress: undefined }, Allowance, 'Allowance'),
    ).toEqual({
      allowance: '12',
    })
    const url = new URL(fetch.mock.calls[0]![0])
    expect(url.origin + url.pathname).toBe('http://api.localhost:4403/v1/convert/allowance')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'demo',
      st: 'html',
      sv: 'html-1.0.0',
      tokenAddress: 'eip155:1:0xabc',
    })
  })

  it('POSTs JSON bodies', async () => {
    const { api, fetch } = setup(async () => json({ allowance: '1' }))
    await api.post('/v1/profile/account', { name: 'alice' }, Allowance, 'Register')
    const init = fetch.mock.calls[0]![1]
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({ 'content-type': 'application/json' })
    expect(JSON.parse(String(init.body))).toEqual({ name: 'alice' })
  })

  it("a refusal's message is the api's first reason, else its error, else the status; the status is kept", async () => {
    const reasons = setup(async () => json({ status: 400, error: 'Bad', reasons: [{ description: 'amount: too many decimals' }] }, 400))
    await expect(reasons.api.get('/v1/x', {}, Allowance, 'Quote')).rejects.toEqual(new DataApiError('amount: too many decimals', 400))
    const error = setup(async () => json({ error: 'Invalid Project ID' }, 401))
    await expect(error.api.get('/v1/x', {}, Allowance, 'Quote')).rejects.toMatchObject({ message: 'Invalid Project ID', status: 401 })
    const bare = setup(async () => new Response('upstream down', { status: 502 }))
    await expect(bare.api.get('/v1/x', {}, Allowance, 'Quote')).rejects.toMatchObject({
      message: 'Quote request failed: HTTP 502',
      status: 502,
    })
  })

  it('a body that does not match its schema is an error, not data', async () => {
    const { api } = setup(async () => json({ allowance: 12 }))
    await expect(api.get('/v1/x', {}, Allowance, 'Allowance')).rejects.toMatchObject({ message: 'Allowance: malformed response' })
  })

  it('network failures and time-outs are DataApiErrors without a status', async () => {
    const down = setup(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(down.api.get('/v1/x', {}, Allowance, 'Quote')).rejects.toEqual(new DataApiError('Quote request failed: Failed to fetch'))
    const slow = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    )
    await expect(slow.api.get('/v1/x', {}, Allowance, 'Quote')).rejects.toEqual(new DataApiError('Quote request timed out'))
  })
})
