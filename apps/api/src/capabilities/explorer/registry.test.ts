import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isOpenableLink } from '@airlock/protocol'
import { afterEach, describe, expect, it } from 'vitest'
import { sniffImage, svgProblem } from './images'
import { DEVNET_WALLET_LISTING } from '@airlock/devnet/wallet/listing'
import { queryWallets } from './query'
import { DATA_DIR, RegistryFile, loadWalletRegistry } from './registry'

const ICON_DIR = path.join(DATA_DIR, 'wallet-icons')
const raw = RegistryFile.parse(JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'wallets.json'), 'utf8')))
const sources = fs.readFileSync(path.join(ICON_DIR, 'SOURCES.md'), 'utf8')
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const byName = (name: string) => raw.wallets.find((w) => w.name === name)

describe('the wallet registry file (apps/api/data/wallets.json)', () => {
  it('validates and loads at least 50 wallets in order, then name', () => {
    const registry = loadWalletRegistry()
    expect(registry.wallets.length).toBe(raw.wallets.length)
    expect(registry.wallets.length).toBeGreaterThanOrEqual(50)
    const keys = registry.wallets.map((w) => [w.order, w.name.toLowerCase()] as const)
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]))
    expect(keys).toEqual(sorted)
  })

  it("has app links the dapp page will open: their schemes are in the protocol's WALLET_LINK_SCHEMES", () => {
    const links = raw.wallets.flatMap((w) => [w.mobile_link, w.desktop_link].flatMap((link) => (link ? [link] : [])))
    expect(links.length).toBeGreaterThan(30)
    expect(links.filter((link) => !isOpenableLink(link))).toEqual([])
  })

  it('has unique ids, names, image ids and rdns', () => {
    for (const values of [
      raw.wallets.map((w) => w.id),
      raw.wallets.map((w) => w.name.toLowerCase()),
      raw.wallets.map((w) => w.image_id),
      raw.wallets.flatMap((w) => (w.rdns ? [w.rdns] : [])),
    ]) {
      expect(new Set(values).size).toBe(values.length)
    }
  })

  it.each([
    ['MetaMask', 'io.metamask', 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96', 'metamask://'],
    ['Trust Wallet', 'com.trustwallet.app', '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0', 'trust://'],
    ['Coinbase Wallet', 'com.coinbase.wallet', 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa', 'cbwallet://'],
    ['Rainbow', 'me.rainbow', '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369', 'rainbow://'],
    ['Phantom', 'app.phantom', 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393', 'phantom://'],
  ])('%s has its rdns, explorer id and deep link', (name, rdns, id, mobile) => {
    expect(byName(name)).toMatchObject({ rdns, id, mobile_link: mobile })
  })

  it('knows the EIP-6963 rdns of the common injected wallets', () => {
    const rdns = new Set(raw.wallets.map((w) => w.rdns))
    for (const expected of ['io.rabby', 'com.okex.wallet', 'io.zerion.wallet', 'com.brave.wallet']) expect(rdns).toContain(expected)
  })

  it('gives a wallet without a known explorer id the sha256 of its name, as SOURCES.md lists', () => {
    const listed = [...sources.matchAll(/^- (.+): `([0-9a-f]{64})`$/gm)].map((m) => ({ name: m[1]!, id: m[2]! }))
    expect(listed.length).toBeGreaterThan(0)
    for (const { name, id } of listed) {
      expect(id).toBe(sha256(name))
      expect(byName(name)?.id).toBe(id)
    }
  })

  it('uses well-formed links: https pages and store links on the stores, scheme:// deep links', () => {
    const host = (url: string) => new URL(url).hostname
    for (const w of raw.wallets) {
      expect(new URL(w.homepage).protocol).toBe('https:')
      if (w.app_store) expect(['apps.apple.com', 'itunes.apple.com']).toContain(host(w.app_store))
      if (w.play_store) {
        expect(host(w.play_store)).toBe('play.google.com')
        expect(new URL(w.play_store).searchParams.get('id')).toMatch(/^[A-Za-z0-9_.]+$/)
      }
      if (w.chrome_store) expect(['chrome.google.com', 'chromewebstore.google.com']).toContain(host(w.chrome_store))
      for (const link of [w.mobile_link, w.desktop_link]) {
        if (link) expect(link).toMatch(/^[a-z][a-z0-9+.-]*:\/\/\S*$/)
      }
    }
  })

  it('lists CAIP-2 chains, and each injected namespace is one of the wallet chains', () => {
    for (const w of raw.wallets) {
      expect(w.chains.length).toBeGreaterThan(0)
      for (const chain of w.chains) expect(chain).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
      for (const i of w.injected ?? []) expect(w.chains.some((c) => c.startsWith(`${i.namespace}:`))).toBe(true)
    }
  })
})

describe('the wallet icons (apps/api/data/wallet-icons)', () => {
  const files = fs.readdirSync(ICON_DIR).filter((f) => f !== 'SOURCES.md')

  it('has one real, inert image per wallet and nothing else', () => {
    const expected = raw.wallets.map((w) => w.image_id).sort()
    expect(files.map((f) => f.replace(/\.(svg|png|webp)$/, '')).sort()).toEqual(expected)
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(ICON_DIR, file))
      expect(sniffImage(bytes), file).toBe(path.extname(file).slice(1))
      if (file.endsWith('.svg')) expect(svgProblem(bytes.toString('utf8')), file).toBeUndefined()
    }
  })

  it('stays under 2 MB in total', () => {
    const total = files.reduce((sum, f) => sum + fs.statSync(path.join(ICON_DIR, f)).size, 0)
    expect(total).toBeLessThan(2 * 1024 * 1024)
  })

  it('records the source and licence of every icon in SOURCES.md', () => {
    for (const file of files) {
      const row = sources.split('\n').find((line) => line.startsWith(`| ${file} |`))
      expect(row, file).toMatch(
        /\| (real \| npm \S+@\d[^|]*\| (MIT|Apache-2\.0)|generated \| monogram [^|]*\| project \(generated here\)) \|$/,
      )
    }
    const real = sources.split('\n').filter((line) => /^\| \S+ \| .+ \| real \|/.test(line)).length
    expect(real).toBeGreaterThanOrEqual(50)
  })
})

describe('sniffImage and svgProblem', () => {
  it('tells PNG, WebP and SVG by their bytes', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png')
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp')
    expect(sniffImage(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n'))).toBe('svg')
    expect(sniffImage(Buffer.from('<html><svg></svg></html>'))).toBeUndefined()
    expect(sniffImage(Buffer.from('{"name":"airlock"}'))).toBeUndefined()
  })

  it.each([
    ['<svg><script>alert(1)</script></svg>', /script/],
    ['<svg onload="alert(1)"></svg>', /event handler/],
    ['<svg><a href="javascript:alert(1)"/></svg>', /javascript/],
    ['<svg><image href="https://evil.example/x.png"/></svg>', /external/],
    ['<svg><rect style="fill:url(https://evil.example/p)"/></svg>', /external/],
    ['<svg><foreignObject/></svg>', /foreignObject/],
  ])('refuses %s', (svg, problem) => {
    expect(svgProblem(svg)).toMatch(problem)
  })

  it('accepts fragment references and embedded raster data', () => {
    expect(svgProblem('<svg><use href="#a"/><rect fill="url(#g)"/><image href="data:image/png;base64,AAAA"/></svg>')).toBeUndefined()
  })
})

describe('loadWalletRegistry refuses a bad data directory', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n'
  const wallet = (n: number) => ({
    id: sha256(`wallet ${n}`),
    name: `Wallet ${n}`,
    homepage: 'https://wallet.example/',
    image_id: `wallet-${n}`,
    order: n,
    badge_type: 'none',
    chains: ['eip155:1'],
  })
  function dataDir(wallets: unknown, icons: Record<string, string | Buffer>) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'airlock-explorer-'))
    dirs.push(dir)
    fs.mkdirSync(path.join(dir, 'wallet-icons'))
    fs.writeFileSync(path.join(dir, 'wallets.json'), typeof wallets === 'string' ? wallets : JSON.stringify({ wallets }))
    for (const [file, body] of Object.entries(icons)) fs.writeFileSync(path.join(dir, 'wallet-icons', file), body)
    return dir
  }

  it('loads a good one', () => {
    const registry = loadWalletRegistry(dataDir([wallet(2), wallet(1)], { 'wallet-1.svg': svg, 'wallet-2.svg': svg }))
    expect(registry.wallets.map((w) => w.name)).toEqual(['Wallet 1', 'Wallet 2'])
    expect(registry.walletImage('wallet-1')?.contentType).toBe('image/svg+xml')
    expect(registry.walletImage('wallet-3')).toBeUndefined()
  })

  it.each([
    ['unreadable JSON', '{ nope', {}, /Cannot read the wallet registry/],
    [
      'a duplicate id',
      [wallet(1), { ...wallet(2), id: wallet(1).id }],
      { 'wallet-1.svg': svg, 'wallet-2.svg': svg },
      /Duplicate wallet id/,
    ],
    [
      'a duplicate rdns',
      [
        { ...wallet(1), rdns: 'io.x' },
        { ...wallet(2), rdns: 'io.x' },
      ],
      { 'wallet-1.svg': svg, 'wallet-2.svg': svg },
      /rdns/,
    ],
    ['a missing icon', [wallet(1)], {}, /without an icon/],
    ['a PNG that is an SVG', [wallet(1)], { 'wallet-1.png': svg }, /not a png/],
    ['an SVG with a script', [wallet(1)], { 'wallet-1.svg': '<svg><script>x()</script></svg>' }, /script/],
    ['an http homepage', [{ ...wallet(1), homepage: 'http://wallet.example/' }], { 'wallet-1.svg': svg }, /homepage/],
    ['a javascript: deep link', [{ ...wallet(1), mobile_link: 'javascript://alert(1)' }], { 'wallet-1.svg': svg }, /mobile_link/],
    ['a chain that is not CAIP-2', [{ ...wallet(1), chains: ['ethereum'] }], { 'wallet-1.svg': svg }, /CAIP-2/],
    ['an unknown field', [{ ...wallet(1), colour: 'red' }], { 'wallet-1.svg': svg }, /colour/],
  ])('%s', (_what, wallets, icons, error) => {
    expect(() => loadWalletRegistry(dataDir(wallets, icons))).toThrow(error)
  })
})

describe('loadWalletRegistry with extra wallets (the devnet wallet in dev)', () => {
  it("adds the devnet wallet after the file's, with its icon served and its Polkadot extension key", () => {
    const registry = loadWalletRegistry(DATA_DIR, [DEVNET_WALLET_LISTING])
    const devnet = registry.wallets.at(-1)!
    expect(registry.wallets).toHaveLength(raw.wallets.length + 1)
    expect(devnet).toMatchObject({ id: sha256('Devnet Wallet'), name: 'Devnet Wallet', rdns: 'dev.airlock.devnetwallet' })
    expect(devnet.injected).toContainEqual({ namespace: 'polkadot', injected_id: 'airlock-devnet' })
    expect(registry.walletImage(devnet.image_id)?.contentType).toBe('image/svg+xml')
  })

  it("leaves the devnet's chains to every wallet of their family: the devnet dapp's explorer lists stay whole", () => {
    const registry = loadWalletRegistry(DATA_DIR, [DEVNET_WALLET_LISTING])
    const evm = registry.wallets.filter((w) => w.chains.some((c) => c.startsWith('eip155:')))
    const page = queryWallets(registry.wallets, { page: 1, entries: 100, chains: ['eip155:31337', 'eip155:31338'] })
    expect(page.count).toBe(evm.length)
    expect(page.data.map((w) => w.name)).toEqual(expect.arrayContaining(['MetaMask', 'Devnet Wallet']))
  })

  it.each([
    ['an icon that is not a data: URI', { icon: 'https://wallet.example/icon.svg' }, /data: URI/],
    [
      'an icon whose bytes are not its kind',
      { icon: `data:image/png;base64,${Buffer.from('<svg></svg>').toString('base64')}` },
      /not a png/,
    ],
    ['a name the file has', { name: 'MetaMask' }, /Duplicate wallet name/],
    ['an rdns the file has', { rdns: 'io.metamask' }, /Duplicate wallet rdns/],
  ])('refuses %s', (_what, change, error) => {
    expect(() => loadWalletRegistry(DATA_DIR, [{ ...DEVNET_WALLET_LISTING, ...change }])).toThrow(error)
  })
})
