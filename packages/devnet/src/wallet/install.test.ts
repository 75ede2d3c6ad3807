import { Window } from 'happy-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { devnetAccounts } from '../accounts'
import { solanaDevnetAccounts } from '../solana/accounts'
import { announceProvider, uuidV4, type ProviderInfo } from './announce'
import { DEVNET_WALLET_ICON } from './icon'
import { configFromScript, installDevnetWallet, type WalletWindow } from './install'
import { createDevnetWallet } from './provider'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

let window: Window
afterEach(() => window?.happyDOM.close())

function page(): { win: WalletWindow & Window; announced: { info: ProviderInfo; provider: unknown }[] } {
  window = new Window({ url: 'http://localhost:5173/' })
  const announced: { info: ProviderInfo; provider: unknown }[] = []
  window.addEventListener('eip6963:announceProvider', (e) => announced.push((e as unknown as CustomEvent).detail))
  return { win: window as unknown as WalletWindow & Window, announced }
}

describe('installDevnetWallet (EIP-6963)', () => {
  it('announces once at start and again on every requestProvider', () => {
    const { win, announced } = page()
    const provider = installDevnetWallet(win)!
    expect(announced).toHaveLength(1)
    const [detail] = announced
    expect(Object.isFrozen(detail)).toBe(true)
    expect(Object.isFrozen(detail!.info)).toBe(true)
    expect(detail!.provider).toBe(provider)
    expect(detail!.info).toMatchObject({ name: 'Devnet Wallet', rdns: 'dev.airlock.devnetwallet', icon: DEVNET_WALLET_ICON })
    expect(detail!.info.uuid).toMatch(UUID_V4)

    win.dispatchEvent(new win.CustomEvent('eip6963:requestProvider'))
    win.dispatchEvent(new win.CustomEvent('eip6963:requestProvider'))
    expect(announced).toHaveLength(3)
    expect(announced[2]).toBe(detail)
  })

  it('ships a real SVG data-URI icon', () => {
    const [prefix, b64] = DEVNET_WALLET_ICON.split(',')
    expect(prefix).toBe('data:image/svg+xml;base64')
    const svg = Buffer.from(b64!, 'base64').toString('utf8')
    const doc = new (page().win.DOMParser)().parseFromString(svg, 'image/svg+xml')
    expect(doc.documentElement.tagName.toLowerCase()).toBe('svg')
    expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 32 32')
  })

  it('sets window.ethereum and window.__devnetWallet with the default chains and first account', async () => {
    const { win } = page()
    const provider = installDevnetWallet(win)!
    expect(win.ethereum).toBe(provider)
    expect(win.__devnetWallet).toBe(provider)
    expect(installDevnetWallet(win)).toBe(provider)
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([devnetAccounts[0]!.address])
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  it('leaves an existing window.ethereum alone and honours windowEthereum: false', () => {
    const first = page()
    const existing = { isMetaMask: true }
    first.win.ethereum = existing
    installDevnetWallet(first.win)
    expect(first.win.ethereum).toBe(existing)
    expect(first.announced).toHaveLength(1)

    const second = page()
    second.win.__AIRLOCK_DEVNET_WALLET__ = { windowEthereum: false }
    installDevnetWallet(second.win)
    expect(second.win.ethereum).toBeUndefined()
    expect(second.win.__devnetWallet).toBeDefined()
  })

  it('reads window.__AIRLOCK_DEVNET_WALLET__', async () => {
    const { win, announced } = page()
    win.__AIRLOCK_DEVNET_WALLET__ = {
      chains: { 4242: 'http://127.0.0.1:1' },
      accounts: [devnetAccounts[3]!.privateKey],
      name: 'Other Wallet',
      rdns: 'dev.example.other',
      mode: 'reject',
    }
    const provider = installDevnetWallet(win)!
    expect(announced[0]!.info).toMatchObject({ name: 'Other Wallet', rdns: 'dev.example.other' })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1092')
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 })
    provider.devnet.setMode('approve')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([devnetAccounts[3]!.address])
  })

  it("reads the script tag's data attributes", async () => {
    const { win } = page()
    const script = win.document.createElement('script')
    script.setAttribute('data-rpc-31337', 'http://127.0.0.1:9001')
    script.setAttribute('data-rpc-31338', 'http://127.0.0.1:9002')
    script.setAttribute('data-default-chain-id', '31338')
    script.setAttribute('data-accounts', `${devnetAccounts[1]!.privateKey}, ${devnetAccounts[2]!.privateKey}`)
    script.setAttribute('data-window-ethereum', 'false')
    expect(configFromScript(script)).toMatchObject({
      chains: { 31337: 'http://127.0.0.1:9001', 31338: 'http://127.0.0.1:9002' },
      defaultChainId: 31338,
      accounts: [devnetAccounts[1]!.privateKey, devnetAccounts[2]!.privateKey],
      windowEthereum: false,
    })
    const provider = installDevnetWallet(win, script)!
    expect(win.ethereum).toBeUndefined()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([devnetAccounts[1]!.address])
  })
})

describe('announceProvider on a plain EventTarget', () => {
  it('works without a DOM and can stop answering', () => {
    const target = new EventTarget()
    const seen: unknown[] = []
    target.addEventListener('eip6963:announceProvider', (e) => seen.push((e as CustomEvent).detail))
    const provider = createDevnetWallet({ accounts: [devnetAccounts[0]!.privateKey], chains: { 1: 'http://x' }, defaultChainId: 1 })
    const info = { uuid: uuidV4(), name: 'n', icon: DEVNET_WALLET_ICON, rdns: 'r' }
    const stop = announceProvider(target, info, provider)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    stop()
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen).toHaveLength(2)
    expect(seen[0]).toEqual({ info, provider })
  })

  it('makes v4 uuids without crypto.randomUUID (insecure http pages)', () => {
    const ids = new Set(Array.from({ length: 50 }, () => uuidV4({ getRandomValues: (a) => crypto.getRandomValues(a) })))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(UUID_V4)
  })
})

describe('installDevnetWallet (Solana, Wallet Standard)', () => {
  /** Listens as @wallet-standard/app does: answers register-wallet, then asks with app-ready. */
  function walletsApp(win: Window) {
    const wallets: { name: string; chains: readonly string[] }[] = []
    const api = { register: (...added: (typeof wallets)[number][]) => (wallets.push(...added), () => {}) }
    win.addEventListener('wallet-standard:register-wallet', (e) => (e as unknown as CustomEvent).detail(api))
    win.dispatchEvent(new win.CustomEvent('wallet-standard:app-ready', { detail: api }))
    return wallets
  }

  it('installs both families under one name, the Solana wallet where Wallet Standard apps find it, before or after them', () => {
    const { win, announced } = page()
    const early = walletsApp(win as unknown as Window)
    installDevnetWallet(win)
    const late = walletsApp(win as unknown as Window)
    expect(announced).toHaveLength(1)
    expect(early.map((w) => [w.name, w.chains])).toEqual([['Devnet Wallet', ['solana:localnet']]])
    expect(late).toEqual(early)
    expect(announced[0]!.info.name).toBe(early[0]!.name)
    expect(win.__devnetSolanaWallet!.wallet).toBe(early[0])
    expect(win.__devnetSolanaWallet!.devnet.state().address).toBe(solanaDevnetAccounts[0]!.address)
  })

  it('installs one family alone, and reads the Solana settings from the script tag', () => {
    const solanaOnly = page()
    solanaOnly.win.__AIRLOCK_DEVNET_WALLET__ = { families: ['solana'], mode: 'reject' }
    expect(installDevnetWallet(solanaOnly.win)).toBeUndefined()
    expect(solanaOnly.announced).toEqual([])
    expect(solanaOnly.win.ethereum).toBeUndefined()
    expect(solanaOnly.win.__devnetSolanaWallet!.devnet.state().mode).toBe('reject')

    const evmOnly = page()
    const apps = walletsApp(evmOnly.win as unknown as Window)
    const script = evmOnly.win.document.createElement('script')
    script.setAttribute('data-families', 'eip155')
    script.setAttribute('data-solana-rpc', 'http://127.0.0.1:9411')
    expect(configFromScript(script)).toMatchObject({ families: ['eip155'], solanaRpc: 'http://127.0.0.1:9411' })
    installDevnetWallet(evmOnly.win, script)
    expect(apps).toEqual([])
    expect(evmOnly.win.__devnetSolanaWallet).toBeUndefined()
    expect(evmOnly.announced).toHaveLength(1)
  })
})

describe('installDevnetWallet (Bitcoin, both shapes)', () => {
  function walletsApp(win: Window) {
    const wallets: {
      name: string
      chains: readonly string[]
      accounts: readonly { address: string }[]
      features: Record<string, unknown>
    }[] = []
    const api = { register: (...added: (typeof wallets)[number][]) => (wallets.push(...added), () => {}) }
    win.addEventListener('wallet-standard:register-wallet', (e) => (e as unknown as CustomEvent).detail(api))
    win.dispatchEvent(new win.CustomEvent('wallet-standard:app-ready', { detail: api }))
    return wallets
  }

  it('puts Solana and Bitcoin in one Wallet Standard object, and lists the sats-connect shape in btc_providers', async () => {
    const { win } = page()
    const apps = walletsApp(win as unknown as Window)
    const script = win.document.createElement('script')
    script.setAttribute('data-families', 'solana,bip122')
    script.setAttribute('data-bitcoin-esplora', 'http://127.0.0.1:9413')
    installDevnetWallet(win, script)
    expect(apps).toHaveLength(1)
    const [wallet] = apps
    expect(wallet!.chains).toEqual(['solana:localnet', 'bitcoin:regtest'])
    expect(Object.keys(wallet!.features)).toEqual(
      expect.arrayContaining(['standard:connect', 'solana:signMessage', 'bitcoin:connect', 'bitcoin:signTransaction']),
    )
    const changes: number[] = []
    ;(wallet!.features['standard:events'] as { on: (e: 'change', l: (c: { accounts: unknown[] }) => void) => void }).on(
      'change',
      ({ accounts }) => changes.push(accounts.length),
    )
    await (wallet!.features['bitcoin:connect'] as { connect: (i: object) => Promise<unknown> }).connect({ purposes: ['payment'] })
    await (wallet!.features['standard:connect'] as { connect: () => Promise<unknown> }).connect()
    // The Bitcoin connection brings its two accounts, then Solana's adds its one: every change carries all.
    expect(changes).toEqual([2, 3])
    expect(wallet!.accounts.map((account) => account.address)).toContain(win.__devnetBitcoinWallet!.devnet.state().payment)

    expect(win.btc_providers).toEqual([{ id: 'AirlockDevnet.BitcoinProvider', name: 'Devnet Sats Wallet', icon: DEVNET_WALLET_ICON }])
    expect(win.AirlockDevnet!.BitcoinProvider).toBe(win.__devnetBitcoinWallet!.provider)
    expect(await win.AirlockDevnet!.BitcoinProvider!.request('wallet_getNetwork')).toMatchObject({
      result: { bitcoin: { name: 'Regtest' } },
    })
  })

  it('registers the Bitcoin wallet alone when Solana is not asked for', () => {
    const { win } = page()
    const apps = walletsApp(win as unknown as Window)
    win.__AIRLOCK_DEVNET_WALLET__ = { families: ['bip122'] }
    installDevnetWallet(win)
    expect(apps.map((wallet) => wallet.chains)).toEqual([['bitcoin:regtest']])
    expect(win.__devnetSolanaWallet).toBeUndefined()
  })

  it('puts the Polkadot extension in injectedWeb3 beside what is there, as polkadot-js does', async () => {
    const { win } = page()
    const other = { version: '1', enable: async () => ({}) }
    win.injectedWeb3 = { 'polkadot-js': other as never }
    win.__AIRLOCK_DEVNET_WALLET__ = { families: ['polkadot'] }
    installDevnetWallet(win)
    expect(win.__devnetWallet).toBeUndefined()
    expect(Object.keys(win.injectedWeb3)).toEqual(['polkadot-js', 'airlock-devnet'])
    expect(win.injectedWeb3['airlock-devnet']).toBe(win.__devnetPolkadotWallet!.extension)
    const injected = await win.injectedWeb3['airlock-devnet']!.enable('Airlock test')
    expect(await injected.accounts.get()).toHaveLength(1)
    expect(win.localStorage!.getItem('airlock-devnet-wallet:connected:polkadot')).toBe('true')
  })

  it('starts the Polkadot extension in the mode the page asks, as the other families', async () => {
    const { win } = page()
    win.__AIRLOCK_DEVNET_WALLET__ = { families: ['polkadot'], mode: 'reject' }
    installDevnetWallet(win)
    await expect(win.injectedWeb3!['airlock-devnet']!.enable('Airlock test')).rejects.toMatchObject({ code: 4001, message: 'Cancelled' })
    expect(win.__devnetPolkadotWallet!.devnet.state()).toMatchObject({ mode: 'reject', authorized: false })
  })

  it('injects the Polkadot extension only after load with data-polkadot-late', async () => {
    vi.useFakeTimers()
    try {
      const win = Object.assign(new EventTarget(), { document: { readyState: 'loading' } }) as WalletWindow
      const script = page().win.document.createElement('script')
      script.setAttribute('data-families', 'polkadot')
      script.setAttribute('data-polkadot-late', 'true')
      expect(configFromScript(script)).toMatchObject({ families: ['polkadot'], polkadotLate: true })
      installDevnetWallet(win, script)
      await vi.runAllTimersAsync()
      expect(win.injectedWeb3).toBeUndefined()
      win.dispatchEvent(new Event('load'))
      expect(win.injectedWeb3).toBeUndefined()
      await vi.runAllTimersAsync()
      expect(win.injectedWeb3?.['airlock-devnet']).toBe(win.__devnetPolkadotWallet!.extension)
    } finally {
      vi.useRealTimers()
    }
  })
})
