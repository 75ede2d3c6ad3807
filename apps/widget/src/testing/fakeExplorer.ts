import type { ExplorerWallet } from '@airlock/protocol'

/** A wallet of the fake explorer; `chains` defaults to Ethereum. */
export type FakeWallet = ExplorerWallet & { chains: string[] }

export function fakeWallet(name: string, extra: Partial<FakeWallet> = {}): FakeWallet {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  return {
    id: `id-${slug}`,
    name,
    image_id: slug,
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    chains: ['eip155:1'],
    ...extra,
  }
}

/** The first wallets of the real registry (apps/api/data/wallets.json), then fillers up to `count`. */
export function fakeRegistry(count = 72): FakeWallet[] {
  const known = [
    fakeWallet('MetaMask', { rdns: 'io.metamask', mobile_link: 'metamask://' }),
    fakeWallet('Trust Wallet', { rdns: 'com.trustwallet.app' }),
    fakeWallet('Coinbase Wallet', { rdns: 'com.coinbase.wallet' }),
    fakeWallet('Rainbow', { rdns: 'me.rainbow', mobile_link: 'rainbow://' }),
    fakeWallet('Phantom', { rdns: 'app.phantom', chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }),
    fakeWallet('OKX Wallet', { rdns: 'com.okex.wallet' }),
    fakeWallet('Rabby Wallet', { rdns: 'io.rabby' }),
    fakeWallet('Zerion', { rdns: 'io.zerion.wallet' }),
    fakeWallet('Solflare', { chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }),
  ]
  const fillers = Array.from({ length: Math.max(0, count - known.length) }, (_, i) =>
    fakeWallet(`Filler ${String(i + 1).padStart(2, '0')}`),
  )
  return [...known, ...fillers].slice(0, count)
}

export interface FakeExplorer {
  fetch: typeof fetch
  /** The query of every /getWallets call, in order. */
  calls: URLSearchParams[]
  /** Answer with this HTTP status instead (e.g. 503), until set back to undefined. */
  failWith: number | undefined
  /** While set, answers wait for it. */
  gate: Promise<void> | undefined
}

/**
 * `/getWallets` as apps/api serves it (page, entries, include in order, exclude, chains by
 * namespace fallback, injected, search by name), over an injected fetch. Other paths are 404.
 */
export function createFakeExplorer(wallets: FakeWallet[] = fakeRegistry()): FakeExplorer {
  const explorer: FakeExplorer = {
    calls: [],
    failWith: undefined,
    gate: undefined,
    fetch: async (input) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      if (!url.pathname.endsWith('/getWallets')) return new Response('{}', { status: 404 })
      explorer.calls.push(url.searchParams)
      if (explorer.gate) await explorer.gate
      if (explorer.failWith) return json({ status: explorer.failWith, error: 'Explorer down', reasons: [] }, explorer.failWith)
      const q = url.searchParams
      const list = (name: string) => q.get(name)?.split(',').filter(Boolean) ?? []
      let result = [...wallets]
      const include = list('include')
      if (include.length) result = include.flatMap((id) => wallets.find((w) => w.id === id) ?? [])
      const exclude = new Set(list('exclude'))
      result = result.filter((w) => !exclude.has(w.id))
      const chains = list('chains')
      if (chains.length) {
        const known = new Set(wallets.flatMap((w) => w.chains))
        const namespaces = new Set(chains.filter((c) => !known.has(c)).map((c) => c.split(':')[0]))
        result = result.filter((w) => w.chains.some((c) => chains.includes(c) || namespaces.has(c.split(':')[0])))
      }
      const injected = list('injected')
      if (injected.length) result = result.filter((w) => w.injected?.some((i) => injected.includes(`${i.namespace}:${i.injected_id}`)))
      const search = q.get('search')?.toLowerCase()
      if (search) result = result.filter((w) => w.name.toLowerCase().includes(search))
      const page = Number(q.get('page') ?? 1)
      const entries = Number(q.get('entries') ?? 40)
      return json({ count: result.length, data: result.slice((page - 1) * entries, page * entries) })
    },
  }
  return explorer
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
