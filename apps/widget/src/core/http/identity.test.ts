import { airlockDevnet, mainnet } from '@airlock/chains'
import { describe, expect, it, vi } from 'vitest'
import { createIdentityClient, IDENTITY_TTL_MS } from './identity'
import { networkImageUrl } from './networkImages'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function setup(respond: (url: string, init: RequestInit) => Promise<Response>) {
  let now = 1_000_000
  const fetch = vi.fn(respond)
  const client = createIdentityClient({
    apiUrl: 'http://api.localhost:4403/',
    project: () => ({ projectId: 'demo' }),
    fetch: fetch as unknown as typeof globalThis.fetch,
    timeoutMs: 50,
    now: () => now,
  })
  return { client, fetch, advance: (ms: number) => (now += ms) }
}

describe('identity client', () => {
  it('GETs /v1/identity/{address} with the sender and the project parameters', async () => {
    const { client, fetch } = setup(async () => json({ name: 'alice.airlock.id', avatar: 'https://img.example/a.png' }))
    expect(await client.get(ADDRESS)).toEqual({ name: 'alice.airlock.id', avatar: 'https://img.example/a.png' })
    const url = new URL(fetch.mock.calls[0]![0])
    expect(url.origin + url.pathname).toBe(`http://api.localhost:4403/v1/identity/${ADDRESS}`)
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'demo', st: 'appkit', sv: 'airlock-widget-0.1.0', sender: ADDRESS })
  })

  it('caches an answer for 5 minutes (any address case) and shares a request in flight', async () => {
    const { client, fetch, advance } = setup(async () => json({ name: null, avatar: null }))
    await Promise.all([client.get(ADDRESS), client.get(ADDRESS.toLowerCase())])
    expect(fetch).toHaveBeenCalledTimes(1)
    advance(IDENTITY_TTL_MS - 1)
    await client.get(ADDRESS)
    expect(fetch).toHaveBeenCalledTimes(1)
    advance(1)
    await client.get(ADDRESS)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('fails with the HTTP status, on a malformed answer and on a network error, and does not cache failures', async () => {
    const statuses = setup(async () => json({ status: 429, error: 'Too many requests' }, 429))
    await expect(statuses.client.get(ADDRESS)).rejects.toMatchObject({ message: 'Identity request failed: HTTP 429', status: 429 })
    await expect(statuses.client.get(ADDRESS)).rejects.toThrow('HTTP 429')
    expect(statuses.fetch).toHaveBeenCalledTimes(2)

    const malformed = setup(async () => json({ name: 42 }))
    await expect(malformed.client.get(ADDRESS)).rejects.toThrow('Malformed identity response')

    const offline = setup(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(offline.client.get(ADDRESS)).rejects.toThrow('Identity request failed: Failed to fetch')
  })

  it('times out', async () => {
    const { client } = setup(
      (_url, init) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
    )
    await expect(client.get(ADDRESS)).rejects.toThrow('Identity request timed out')
  })
})

describe('networkImageUrl', () => {
  it('is the api asset image of the network slug, with the project parameters', () => {
    const url = new URL(networkImageUrl('http://api.localhost:4403/', { projectId: 'demo', sdkType: 'html' }, airlockDevnet))
    expect(url.origin + url.pathname).toBe('http://api.localhost:4403/public/getAssetImage/airlock-devnet')
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'demo', st: 'html', sv: 'airlock-widget-0.1.0' })
    expect(networkImageUrl('http://api', { projectId: 'demo' }, mainnet)).toMatch(/\/public\/getAssetImage\/mainnet\?/)
  })

  it("prefers the network's own image", () => {
    expect(networkImageUrl('http://api', { projectId: 'demo' }, { network: 'x', assets: { imageUrl: 'https://img.example/x.svg' } })).toBe(
      'https://img.example/x.svg',
    )
    expect(networkImageUrl('http://api', { projectId: 'demo' }, { network: 'x', assets: { imageId: 'base' } })).toMatch(
      /getAssetImage\/base\?/,
    )
  })
})
