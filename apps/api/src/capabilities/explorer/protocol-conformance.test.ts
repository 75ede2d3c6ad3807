import { ExplorerWallet, ExplorerWalletPage } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { createApiApp } from '../../origins/api/app'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { loadWalletRegistry } from './registry'

/**
 * The widget parses `/getWallets` with @airlock/protocol's zod/mini schemas: the API's real answers
 * (the shipped registry, through the project guard, as the widget's origin asks) must pass them.
 */
const WIDGET = 'http://widget.localhost:4401'
const app = createApiApp({
  origins: { widget: WIDGET },
  projects: createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }]),
  rpcUpstreams: {},
  rateLimit: false,
})
const registry = loadWalletRegistry()

async function getWallets(query: string): Promise<ExplorerWalletPage> {
  const res = await app.request(`/getWallets?projectId=demo&st=appkit&sv=airlock-widget-0.1.0&${query}`, { headers: { origin: WIDGET } })
  expect(res.status).toBe(200)
  expect(res.headers.get('access-control-allow-origin')).toBe(WIDGET)
  const parsed = ExplorerWalletPage.safeParse(await res.json())
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true)
  return parsed.success ? parsed.data : { count: 0, data: [] }
}

describe('/getWallets answers parse with the protocol schemas the widget uses', () => {
  it('every wallet of the registry, page by page (the modal asks 40 at a time)', async () => {
    const seen: string[] = []
    for (let page = 1; ; page++) {
      const result = await getWallets(`page=${page}&entries=40`)
      expect(result.count).toBe(registry.wallets.length)
      if (result.data.length === 0) break
      seen.push(...result.data.map((w) => w.id))
    }
    expect(new Set(seen).size).toBe(registry.wallets.length)
  })

  it('each registry wallet on its own, with every field the modal reads', () => {
    for (const wallet of registry.wallets) {
      const parsed = ExplorerWallet.safeParse(JSON.parse(JSON.stringify(wallet)))
      expect(parsed.success, wallet.name).toBe(true)
    }
  })

  it('the queries the modal sends: featured (include), recommended, search, chains, exclude', async () => {
    const [first, second] = registry.wallets
    const featured = await getWallets(`page=1&entries=2&include=${second!.id},${first!.id}`)
    expect(featured.data.map((w) => w.id)).toEqual([second!.id, first!.id])
    const search = await getWallets('page=1&entries=100&search=rain&chains=eip155:31337,eip155:31338')
    expect(search.data.map((w) => w.name)).toContain('Rainbow')
    expect(search.data.every((w) => w.name.toLowerCase().includes('rain'))).toBe(true)
    const excluded = await getWallets(`page=1&entries=4&exclude=${first!.id}`)
    expect(excluded.data.map((w) => w.id)).not.toContain(first!.id)
  })
})
