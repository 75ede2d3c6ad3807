import { describe, expect, it, vi } from 'vitest'
import { createExplorerClient, ExplorerError } from './explorer'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const rainbow = {
  id: '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369',
  name: 'Rainbow',
  image_id: 'rainbow',
  rdns: 'me.rainbow',
  mobile_link: 'rainbow://',
  desktop_link: null,
  webapp_link: null,
  // Fields the modal does not read are let through.
  order: 40,
  badge_type: 'certified',
}

function setup(respond: (url: string, init: RequestInit) => Promise<Response>, timeoutMs = 50) {
  const fetch = vi.fn(respond)
  const client = createExplorerClient({
    apiUrl: 'http://api.localhost:4403/',
    project: () => ({ projectId: 'demo', sdkVersion: 'html-1.0.0' }),
    fetch: fetch as unknown as typeof globalThis.fetch,
    timeoutMs,
  })
  return { client, fetch, url: (call = 0) => new URL(fetch.mock.calls[call]![0]) }
}

describe('explorer client', () => {
  it('GETs /getWallets at the API origin with the project, sdk and every filter', async () => {
    const { client, url } = setup(async () => json({ count: 1, data: [rainbow] }))
    const page = await client.getWallets({
      page: 2,
      entries: 40,
      search: ' rain ',
      include: ['a', 'b'],
      exclude: ['c'],
      chains: ['eip155:1', 'eip155:31337'],
      badgeType: 'certified',
    })
    expect(page.count).toBe(1)
    expect(page.data[0]).toMatchObject({ id: rainbow.id, name: 'Rainbow', rdns: 'me.rainbow', desktop_link: null })
    expect(url().origin + url().pathname).toBe('http://api.localhost:4403/getWallets')
    expect(Object.fromEntries(url().searchParams)).toEqual({
      projectId: 'demo',
      st: 'appkit',
      sv: 'html-1.0.0',
      page: '2',
      entries: '40',
      search: 'rain',
      include: 'a,b',
      exclude: 'c',
      chains: 'eip155:1,eip155:31337',
      badge_type: 'certified',
    })
  })

  it('leaves out empty filters', async () => {
    const { client, url } = setup(async () => json({ count: 0, data: [] }))
    await client.getWallets({ page: 1, entries: 4, search: '  ', include: [], exclude: [], chains: [] })
    expect([...url().searchParams.keys()]).toEqual(['projectId', 'st', 'sv', 'page', 'entries'])
  })

  it('rejects with the HTTP status and the API message', async () => {
    const { client } = setup(async () => json({ status: 400, error: 'entries: must be an integer from 1 to 100', reasons: [] }, 400))
    const error = (await client.getWallets({ page: 1, entries: 400 }).catch((e: unknown) => e)) as ExplorerError
    expect(error).toBeInstanceOf(ExplorerError)
    expect(error.status).toBe(400)
    expect(error.message).toBe('Wallet explorer answered HTTP 400: entries: must be an integer from 1 to 100')
  })

  it('rejects a 5xx without a JSON body', async () => {
    const { client } = setup(async () => new Response('Bad gateway', { status: 502 }))
    await expect(client.getWallets({ page: 1, entries: 40 })).rejects.toMatchObject({
      status: 502,
      message: 'Wallet explorer answered HTTP 502',
    })
  })

  it('rejects a body that is not a wallet page (zod)', async () => {
    const { client } = setup(async () => json({ count: 1, data: [{ id: 'x' }] }))
    await expect(client.getWallets({ page: 1, entries: 40 })).rejects.toMatchObject({
      name: 'ExplorerError',
      status: 200,
      message: 'Malformed wallet explorer response',
    })
  })

  it('rejects a network failure without a status', async () => {
    const { client } = setup(async () => {
      throw new TypeError('Failed to fetch')
    })
    const error = (await client.getWallets({ page: 1, entries: 40 }).catch((e: unknown) => e)) as ExplorerError
    expect(error.message).toBe('Wallet request failed: Failed to fetch')
    expect(error.status).toBeUndefined()
  })

  const hang = (_url: string, init: RequestInit) =>
    new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    })

  it('times out', async () => {
    const { client } = setup(hang, 20)
    await expect(client.getWallets({ page: 1, entries: 40 })).rejects.toMatchObject({ message: 'Wallet request timed out' })
  })

  it("follows the caller's abort signal", async () => {
    const { client } = setup(hang, 5000)
    const controller = new AbortController()
    const pending = client.getWallets({ page: 1, entries: 40 }, controller.signal)
    controller.abort()
    await expect(pending).rejects.toMatchObject({ message: 'Wallet request cancelled' })
  })

  it('builds image URLs with the project in the query', () => {
    const { client } = setup(async () => json({}))
    const url = new URL(client.imageUrl('rainbow'))
    expect(url.origin + url.pathname).toBe('http://api.localhost:4403/getWalletImage/rainbow')
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'demo', st: 'appkit', sv: 'html-1.0.0' })
    expect(new URL(client.imageUrl('../x')).pathname).toBe('/getWalletImage/..%2Fx')
  })

  it("adds the project to the api's own image URLs (token icons are project-guarded), and leaves others alone", () => {
    const { client } = setup(async () => json({}))
    expect(client.apiImageUrl('http://api.localhost:4403/public/getTokenImage/USDC')).toBe(
      'http://api.localhost:4403/public/getTokenImage/USDC?projectId=demo&st=appkit&sv=html-1.0.0',
    )
    const tagged = 'http://api.localhost:4403/public/getTokenImage/DAI?projectId=other'
    expect(client.apiImageUrl(tagged)).toBe(tagged)
    expect(client.apiImageUrl('https://cdn.example/usdc.png')).toBe('https://cdn.example/usdc.png')
    expect(client.apiImageUrl('data:image/png;base64,AA==')).toBe('data:image/png;base64,AA==')
  })
})
