import { describe, expect, it } from 'vitest'
import { DEFAULT_ENTRIES, GetWalletsQuery, chainMatcher, queryWallets } from './query'
import type { WcWallet } from './registry'

const SOL = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BTC = 'bip122:000000000019d6689c085ae165831e93'

function wallet(
  name: string,
  order: number,
  chains: string[],
  badge: 'none' | 'certified' = 'none',
  injected: WcWallet['injected'] = null,
): WcWallet {
  return {
    id: name.toLowerCase().replace(/\W/g, '').padEnd(64, '0').slice(0, 64),
    name,
    homepage: 'https://wallet.example/',
    image_id: name.toLowerCase().replace(/\W/g, ''),
    order,
    badge_type: badge,
    chains,
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    link_mode: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    injected,
  }
}

// Deliberately not in order: queryWallets sorts by order, then name.
const WALLETS = [
  wallet('Zeta', 20, ['eip155:1', 'eip155:10']),
  wallet('alpha', 20, ['eip155:8453']),
  wallet('MetaMask', 10, ['eip155:1', SOL], 'certified'),
  wallet('Solflare', 30, [SOL]),
  wallet('Xverse', 40, [BTC]),
  wallet('Metal Pay', 50, ['eip155:1'], 'certified'),
]
const idOf = (name: string) => WALLETS.find((w) => w.name === name)!.id
const names = (page: { data: WcWallet[] }) => page.data.map((w) => w.name)
const q = (query: Partial<Parameters<typeof queryWallets>[1]>) => ({ page: 1, entries: 40, ...query })

describe('queryWallets', () => {
  it('orders by order, then name case-insensitively, and counts every match', () => {
    const page = queryWallets(WALLETS, q({}))
    expect(names(page)).toEqual(['MetaMask', 'alpha', 'Zeta', 'Solflare', 'Xverse', 'Metal Pay'])
    expect(page.count).toBe(6)
  })

  it('pages 1-based: pages are disjoint, the count does not change, past the end is empty', () => {
    const p1 = queryWallets(WALLETS, q({ page: 1, entries: 4 }))
    const p2 = queryWallets(WALLETS, q({ page: 2, entries: 4 }))
    const p3 = queryWallets(WALLETS, q({ page: 3, entries: 4 }))
    expect(names(p1)).toEqual(['MetaMask', 'alpha', 'Zeta', 'Solflare'])
    expect(names(p2)).toEqual(['Xverse', 'Metal Pay'])
    expect([p1.count, p2.count, p3.count]).toEqual([6, 6, 6])
    expect(p3.data).toEqual([])
  })

  it('include keeps only those wallets, in the order given, ignoring unknown and repeated ids', () => {
    const include = [idOf('Xverse'), 'f'.repeat(64), idOf('MetaMask'), idOf('Xverse'), idOf('alpha')]
    const page = queryWallets(WALLETS, q({ include }))
    expect(names(page)).toEqual(['Xverse', 'MetaMask', 'alpha'])
    expect(page.count).toBe(3)
  })

  it('exclude removes wallets, also from an include list', () => {
    expect(names(queryWallets(WALLETS, q({ exclude: [idOf('MetaMask'), idOf('Zeta')] })))).toEqual([
      'alpha',
      'Solflare',
      'Xverse',
      'Metal Pay',
    ])
    expect(names(queryWallets(WALLETS, q({ include: [idOf('Xverse'), idOf('MetaMask')], exclude: [idOf('MetaMask')] })))).toEqual([
      'Xverse',
    ])
  })

  it('chains keeps wallets supporting any of the chains', () => {
    expect(names(queryWallets(WALLETS, q({ chains: [SOL] })))).toEqual(['MetaMask', 'Solflare'])
    expect(names(queryWallets(WALLETS, q({ chains: ['eip155:10', BTC] })))).toEqual(['Zeta', 'Xverse'])
  })

  it('a chain no wallet lists (a devnet) matches every wallet of its namespace; an unknown namespace matches none', () => {
    expect(names(queryWallets(WALLETS, q({ chains: ['eip155:31337'] })))).toEqual(['MetaMask', 'alpha', 'Zeta', 'Metal Pay'])
    expect(names(queryWallets(WALLETS, q({ chains: ['eip155:31337', SOL] })))).toEqual([
      'MetaMask',
      'alpha',
      'Zeta',
      'Solflare',
      'Metal Pay',
    ])
    expect(queryWallets(WALLETS, q({ chains: ['cosmos:cosmoshub-4'] })).count).toBe(0)
    const supports = chainMatcher(WALLETS, ['eip155:1'])
    expect(supports(WALLETS.find((w) => w.name === 'alpha')!)).toBe(false)
  })

  it('badge_type keeps wallets with that badge', () => {
    expect(names(queryWallets(WALLETS, q({ badge_type: 'certified' })))).toEqual(['MetaMask', 'Metal Pay'])
    expect(queryWallets(WALLETS, q({ badge_type: 'none' })).count).toBe(4)
  })

  it('search matches a case-insensitive substring of the name and combines with the other filters', () => {
    expect(names(queryWallets(WALLETS, q({ search: 'meta' })))).toEqual(['MetaMask', 'Metal Pay'])
    expect(names(queryWallets(WALLETS, q({ search: 'METAM' })))).toEqual(['MetaMask'])
    expect(names(queryWallets(WALLETS, q({ search: 'meta', chains: [SOL] })))).toEqual(['MetaMask'])
    expect(queryWallets(WALLETS, q({ search: 'nothing like it' })).count).toBe(0)
  })
})

describe('queryWallets: injected', () => {
  const DOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
  const injecting = [
    ...WALLETS,
    wallet('SubWallet', 60, ['eip155:1', DOT], 'none', [
      { namespace: 'eip155', injected_id: 'isSubWallet' },
      { namespace: 'polkadot', injected_id: 'subwallet-js' },
    ]),
    wallet('Talisman', 70, [DOT], 'none', [{ namespace: 'polkadot', injected_id: 'talisman' }]),
  ]
  it('finds the wallets that inject themselves under any of the keys, by namespace: a key of another family does not match', () => {
    expect(names(queryWallets(injecting, q({ injected: ['polkadot:talisman', 'polkadot:subwallet-js'] })))).toEqual([
      'SubWallet',
      'Talisman',
    ])
    expect(names(queryWallets(injecting, q({ injected: ['eip155:subwallet-js', 'polkadot:isSubWallet'] })))).toEqual([])
    expect(names(queryWallets(injecting, q({ injected: ['polkadot:polkadot-js'] })))).toEqual([])
  })
})

describe('GetWalletsQuery', () => {
  const parse = (query: Record<string, string>) => GetWalletsQuery.safeParse(query)

  it('defaults to page 1 of 40, and a blank parameter counts as absent', () => {
    const parsed = parse({ projectId: 'demo', page: '', entries: ' ', chains: '', include: '', exclude: ',', search: '  ', badge_type: '' })
    expect(parsed.success && parsed.data).toEqual({
      projectId: 'demo',
      page: 1,
      entries: DEFAULT_ENTRIES,
      chains: undefined,
      include: undefined,
      exclude: [],
      search: undefined,
      badge_type: undefined,
    })
  })

  it('splits, trims and de-duplicates the lists and trims the search', () => {
    const parsed = parse({ page: '2', entries: '100', chains: `eip155:1, ${SOL},eip155:1`, include: 'a,b,,a', search: ' Meta ' })
    expect(parsed.success && parsed.data).toMatchObject({
      page: 2,
      entries: 100,
      chains: ['eip155:1', SOL],
      include: ['a', 'b'],
      search: 'Meta',
    })
  })

  it.each([
    ['entries', '0'],
    ['entries', '101'],
    ['entries', 'abc'],
    ['entries', '-1'],
    ['entries', '1.5'],
    ['entries', '1e2'],
    ['page', '0'],
    ['page', '10001'],
    ['page', 'first'],
    ['chains', 'ethereum'],
    ['chains', 'eip155:1,eip155'],
    ['include', '<script>'],
    ['exclude', 'a b'],
    ['injected', 'subwallet-js'],
    ['injected', 'polkadot:a b'],
    ['injected', `polkadot:${'k'.repeat(101)}`],
    ['badge_type', 'gold'],
    ['search', 'x'.repeat(101)],
  ])('refuses %s=%s, naming the parameter', (name, value) => {
    const parsed = parse({ [name]: value })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.path[0]).toBe(name)
  })
})
