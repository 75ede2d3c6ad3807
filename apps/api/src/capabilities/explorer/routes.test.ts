import fs from 'node:fs'
import path from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { projectGuard } from '../../origins/api/project-guard'
import type { ApiVariables } from '../../platform/projects/request'
import { openApiDocument } from '../../origins/api/openapi/document'
import type { Project } from '../../platform/projects/project'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { ASSET_IMAGE_FILES } from './images'
import { DATA_DIR, loadWalletRegistry } from './registry'
import { GetWalletsResponse, IMAGE_CACHE_CONTROL, explorerEndpointDocs, explorerRoutes } from './routes'

const registry = loadWalletRegistry()
const routes = explorerRoutes({ registry })
const TOTAL = registry.wallets.length
const SOL = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const METAMASK = 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'
const RAINBOW = '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369'
const TRUST = '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0'

const project = (analytics: boolean): Project => ({ id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics } })

/** The explorer routes behind a stand-in for the project guard, which sets `project` (or not). */
function appWith(p: Project | null = project(false)) {
  const app = new Hono<{ Variables: ApiVariables }>()
  app.use('*', async (c, next) => {
    if (p) c.set('project', p)
    c.set('sdk', { type: 'appkit', version: 'html-wagmi-test' })
    await next()
  })
  app.route('/', routes)
  return app
}
const app = appWith()

async function getWallets(query: string) {
  const res = await app.request(`/getWallets?projectId=demo&st=appkit&sv=html-wagmi-test&${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return GetWalletsResponse.strict().parse(await res.json())
}
const ids = (page: { data: { id: string }[] }) => page.data.map((w) => w.id)

describe('GET /getWallets', () => {
  it('answers { count, data } with Reown field names, 40 per page by default', async () => {
    const page = await getWallets('')
    expect(page.count).toBe(TOTAL)
    expect(page.data).toHaveLength(40)
    expect(Object.keys(page.data[0]!).sort()).toEqual(
      [
        'app_store',
        'badge_type',
        'chains',
        'chrome_store',
        'desktop_link',
        'homepage',
        'id',
        'image_id',
        'injected',
        'link_mode',
        'mobile_link',
        'name',
        'order',
        'play_store',
        'rdns',
        'webapp_link',
      ].sort(),
    )
    expect(page.data[0]).toMatchObject({
      id: METAMASK,
      name: 'MetaMask',
      image_id: 'metamask',
      rdns: 'io.metamask',
      mobile_link: 'metamask://',
    })
  })

  it('pages: page 1 and page 2 are disjoint, the count stays the total', async () => {
    const [p1, p2] = [await getWallets('page=1&entries=40'), await getWallets('page=2&entries=40')]
    expect(p1.count).toBe(TOTAL)
    expect(p2.count).toBe(TOTAL)
    expect(p2.data).toHaveLength(Math.min(40, TOTAL - 40))
    expect(ids(p1).filter((id) => ids(p2).includes(id))).toEqual([])
    const all = await getWallets('entries=100')
    expect([...ids(p1), ...ids(p2)]).toEqual(ids(all).slice(0, p1.data.length + p2.data.length))
    expect((await getWallets('page=99&entries=40')).data).toEqual([])
  })

  it('searches names case-insensitively', async () => {
    for (const search of ['meta', 'META', 'MetaMask', ' metamask ']) {
      expect((await getWallets(`search=${encodeURIComponent(search)}&entries=100`)).data.map((w) => w.name)).toContain('MetaMask')
    }
    const page = await getWallets('search=wallet&entries=100')
    expect(page.count).toBeGreaterThan(5)
    for (const w of page.data) expect(w.name.toLowerCase()).toContain('wallet')
    expect((await getWallets('search=no-such-wallet-anywhere')).count).toBe(0)
  })

  it('include returns only those wallets, in the given order (featured wallets)', async () => {
    const page = await getWallets(`include=${RAINBOW},${METAMASK},${TRUST}&entries=3`)
    expect(ids(page)).toEqual([RAINBOW, METAMASK, TRUST])
    expect(page.count).toBe(3)
  })

  it('exclude leaves wallets out', async () => {
    const page = await getWallets(`exclude=${METAMASK},${TRUST}&entries=100`)
    expect(page.count).toBe(TOTAL - 2)
    expect(ids(page)).not.toContain(METAMASK)
    expect(ids(page)).not.toContain(TRUST)
  })

  it('chains keeps wallets supporting any of the chains', async () => {
    const solana = await getWallets(`chains=${SOL}&entries=100`)
    expect(solana.count).toBeGreaterThan(5)
    expect(solana.count).toBeLessThan(TOTAL)
    for (const w of solana.data) expect(w.chains).toContain(SOL)
    expect(solana.data.map((w) => w.name)).toEqual(expect.arrayContaining(['Phantom', 'Solflare']))
    expect(solana.data.map((w) => w.name)).not.toContain('Rabby Wallet')

    const either = await getWallets(`chains=${SOL},bip122:000000000019d6689c085ae165831e93&entries=100`)
    expect(either.count).toBeGreaterThan(solana.count)
  })

  it('a devnet chain (eip155:31337) lists the EVM wallets and not the others', async () => {
    const page = await getWallets('chains=eip155:31337,eip155:31338&entries=100')
    expect(page.count).toBeGreaterThan(40)
    for (const w of page.data) expect(w.chains.some((c) => c.startsWith('eip155:'))).toBe(true)
    expect(page.data.map((w) => w.name)).not.toContain('Solflare')
    expect(page.data.map((w) => w.name)).toContain('MetaMask')
  })

  it('injected finds the Polkadot extensions by their window.injectedWeb3 key, which is all the page tells of them', async () => {
    const page = await getWallets('injected=polkadot:subwallet-js,polkadot:polkadot-js,polkadot:talisman,polkadot:no-such-key')
    expect(page.data.map((w) => [w.name, w.image_id])).toEqual([
      ['SubWallet', 'subwallet'],
      ['Talisman', 'talisman'],
      ['polkadot{.js}', 'polkadot-js'],
    ])
    expect((await getWallets('injected=eip155:talisman')).count).toBe(0)
  })

  it('badge_type=certified keeps the certified wallets', async () => {
    const page = await getWallets('badge_type=certified&entries=100')
    expect(page.count).toBeGreaterThan(0)
    expect(page.count).toBeLessThan(TOTAL)
    for (const w of page.data) expect(w.badge_type).toBe('certified')
  })

  it('accepts the blank parameters the modal sends for empty lists', async () => {
    expect((await getWallets('page=1&entries=4&include=&exclude=&chains=&search=&badge_type=')).count).toBe(TOTAL)
  })

  it.each(['entries=1', 'entries=100'])('accepts %s', async (query) => {
    expect((await getWallets(query)).data).toHaveLength(Math.min(TOTAL, Number(query.split('=')[1])))
  })

  it.each([
    ['entries=0', 'entries'],
    ['entries=101', 'entries'],
    ['entries=abc', 'entries'],
    ['page=0', 'page'],
    ['page=-2', 'page'],
    ['chains=solana', 'chains'],
    ['include=%3Cimg%3E', 'include'],
    ['badge_type=gold', 'badge_type'],
  ])('400 for %s, naming the parameter', async (query, field) => {
    const res = await app.request(`/getWallets?projectId=demo&${query}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { status: number; error: string; reasons: { field?: string }[] }
    expect(body.status).toBe(400)
    expect(body.error).toMatch(new RegExp(`^${field}`))
    expect(body.reasons[0]?.field).toMatch(new RegExp(`^${field}(\\.\\d+)?$`))
  })
})

describe('image endpoints', () => {
  const walletIcon = fs.readFileSync(path.join(DATA_DIR, 'wallet-icons', 'metamask.svg'))

  it('serve the icon bytes with the content type, a day of immutable caching and an ETag', async () => {
    const res = await app.request('/getWalletImage/metamask?projectId=demo&st=appkit&sv=x')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL)
    expect(IMAGE_CACHE_CONTROL).toBe('public, max-age=86400, immutable')
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    expect(Buffer.from(await res.arrayBuffer()).equals(walletIcon)).toBe(true)
  })

  it('answer 304 without a body when If-None-Match names the ETag', async () => {
    const etag = (await app.request('/getWalletImage/metamask')).headers.get('etag')!
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.request('/getWalletImage/metamask', { headers: { 'If-None-Match': ifNoneMatch } })
      expect(res.status, ifNoneMatch).toBe(304)
      expect(res.headers.get('etag')).toBe(etag)
      expect(res.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL)
      expect(await res.text()).toBe('')
    }
    const stale = await app.request('/getWalletImage/metamask', { headers: { 'If-None-Match': '"stale"' } })
    expect(stale.status).toBe(200)
    const other = await app.request('/getWalletImage/rainbow')
    expect(other.headers.get('etag')).not.toBe(etag)
  })

  it('serve every wallet of the registry', async () => {
    for (const w of registry.wallets) {
      const res = await app.request(`/getWalletImage/${w.image_id}`)
      expect(res.status, w.image_id).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^image\/(svg\+xml|png|webp)$/)
    }
  })

  it.each([
    ['/public/getAssetImage/mainnet', 'image/svg+xml'],
    ['/public/getAssetImage/airlock-devnet', 'image/svg+xml'],
    ['/public/getAssetImage/airlock-devnet-2', 'image/svg+xml'],
    ['/public/getTokenImage/ETH', 'image/svg+xml'],
    ['/public/getTokenImage/usdc', 'image/svg+xml'],
    ['/public/getTokenImage/DAI', 'image/svg+xml'],
    ['/public/getTokenImage/WETH', 'image/svg+xml'],
    ['/public/getCurrencyImage/USD', 'image/svg+xml'],
    ['/public/getCurrencyImage/eur', 'image/svg+xml'],
  ])('%s', async (url, type) => {
    const res = await app.request(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL)
    expect(res.headers.get('etag')).toBeTruthy()
    expect((await res.text()).trimStart()).toMatch(/^<svg[\s>]/)
  })

  it('serve an image for every network id and tell the two devnets apart', async () => {
    for (const id of Object.keys(ASSET_IMAGE_FILES)) expect((await app.request(`/public/getAssetImage/${id}`)).status, id).toBe(200)
    const [a, b] = await Promise.all([
      app.request('/public/getAssetImage/airlock-devnet'),
      app.request('/public/getAssetImage/airlock-devnet-2'),
    ])
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'))
  })

  it.each([
    '/getWalletImage/no-such-wallet',
    '/public/getAssetImage/eip155-999999',
    '/public/getTokenImage/DOGE',
    '/public/getCurrencyImage/JPY',
    '/getWalletImage/MetaMask',
  ])('404 JSON for an unknown id: %s', async (url) => {
    const res = await app.request(url)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ status: 404 })
  })

  it.each([
    '/getWalletImage/..%2F..%2Fpackage.json',
    '/getWalletImage/..%2Fwallets.json',
    '/getWalletImage/%2e%2e%2f%2e%2e%2fpackage.json',
    '/public/getTokenImage/..%5C..%5Cpackage.json',
    '/public/getAssetImage/.%2Fassets%2Fethereum.svg',
    '/getWalletImage/metamask.svg%00',
    `/getWalletImage/${'a'.repeat(65)}`,
  ])('refuses %s before any lookup', async (url) => {
    const res = await app.request(url)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ status: 400, error: expect.stringMatching(/Invalid image id/) })
  })

  it('never serves a file outside the images, whatever the path', async () => {
    for (const url of [
      '/getWalletImage/../../package.json',
      '/getWalletImage/%2e%2e/%2e%2e/package.json',
      '/public/getAssetImage/../wallets.json',
    ]) {
      const res = await app.request(url)
      expect(res.status, url).not.toBe(200)
      expect(await res.text()).not.toMatch(/"name"|"wallets"/)
    }
  })
})

describe('GET /getAnalyticsConfig', () => {
  it.each([true, false])("answers the project's features.analytics (%s)", async (analytics) => {
    const res = await appWith(project(analytics)).request('/getAnalyticsConfig?projectId=demo&st=appkit&sv=x')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ isAnalyticsEnabled: analytics })
  })

  it('401 when no project was set (not mounted behind the project guard)', async () => {
    const res = await appWith(null).request('/getAnalyticsConfig')
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ status: 401, error: 'Invalid Project ID' })
  })

  it('works behind the real project guard, per project', async () => {
    const projects = createMemoryProjectRegistry([
      { id: 'quiet', name: 'Quiet', allowedOrigins: [], features: { analytics: false } },
      { id: 'loud', name: 'Loud', allowedOrigins: [], features: { analytics: true } },
    ])
    const guarded = new Hono<{ Variables: ApiVariables }>()
    guarded.use('*', projectGuard({ projects, widgetOrigin: 'http://widget.localhost:4401' }))
    guarded.route('/', routes)
    expect(await (await guarded.request('/getAnalyticsConfig?projectId=quiet')).json()).toEqual({ isAnalyticsEnabled: false })
    expect(await (await guarded.request('/getAnalyticsConfig?projectId=loud')).json()).toEqual({ isAnalyticsEnabled: true })
    expect((await guarded.request('/getAnalyticsConfig?projectId=nope')).status).toBe(401)
    expect((await guarded.request('/getWallets?projectId=loud&entries=1')).status).toBe(200)
  })
})

describe('explorerEndpointDocs', () => {
  it('documents the six endpoints with their query parameters for the OpenAPI document', () => {
    const doc = openApiDocument(explorerEndpointDocs, { title: 'Airlock API', version: '0', server: 'http://api.localhost' })
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/getAnalyticsConfig',
        '/getWalletImage/{id}',
        '/getWallets',
        '/public/getAssetImage/{id}',
        '/public/getCurrencyImage/{id}',
        '/public/getTokenImage/{id}',
      ].sort(),
    )
    const params = (doc.paths['/getWallets']!.get as { parameters: { name: string; required: boolean }[] }).parameters
    expect(params.map((p) => p.name)).toEqual([
      'projectId',
      'st',
      'sv',
      'page',
      'entries',
      'chains',
      'include',
      'exclude',
      'injected',
      'search',
      'badge_type',
    ])
    expect(params.find((p) => p.name === 'projectId')?.required).toBe(true)
  })
})
