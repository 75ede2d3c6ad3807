// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { discoverConnectors } from './discovery'
import { importExtra } from './load-extra'
import { ADDRESS, ICON, registerInPage, SIGNATURE, solanaWallet } from './testing/wallets'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('Wallet Standard wallets of the page', () => {
  const stops: (() => void)[] = []
  afterEach(() => stops.splice(0).forEach((stop) => stop()))

  function start(wallets?: Parameters<typeof discoverConnectors>[0]['wallets']) {
    const events: unknown[] = []
    const discovery = discoverConnectors({ wallets, loadExtra: importExtra, onChange: () => {}, onEvent: (...args) => events.push(args) })
    stops.push(discovery.destroy)
    return { discovery, events }
  }

  it('lists Solana wallets registered before and after the SDK loads, once per name, as plain descriptions', async () => {
    const before = solanaWallet('Phantom')
    stops.push(registerInPage(before.wallet))
    const { discovery } = start()
    const after = solanaWallet('Solflare Wallet')
    stops.push(registerInPage(after.wallet, solanaWallet('Phantom').wallet))
    await flush()
    expect(discovery.list()).toEqual([
      {
        id: 'ws:solana:Phantom',
        type: 'ANNOUNCED',
        namespace: 'solana',
        name: 'Phantom',
        icon: ICON,
        chains: ['solana:mainnet', 'solana:devnet'],
      },
      {
        id: 'ws:solana:Solflare_Wallet',
        type: 'ANNOUNCED',
        namespace: 'solana',
        name: 'Solflare Wallet',
        icon: ICON,
        chains: ['solana:mainnet', 'solana:devnet'],
      },
    ])
    expect(discovery.get('ws:solana:Phantom')?.source).toBe(before.wallet)
  })

  it('ignores forged registrations: no features, no Solana chain, a huge name, a non-image icon, a throwing getter, not an object', async () => {
    const { discovery } = start()
    const throwing = solanaWallet('Thrower').wallet
    Object.defineProperty(throwing, 'chains', {
      get() {
        throw new Error('boom')
      },
    })
    stops.push(
      registerInPage(
        { ...solanaWallet('Empty').wallet, features: {} },
        { ...solanaWallet('Connect only').wallet, features: { 'standard:connect': { version: '1.0.0', connect: () => {} } } },
        { ...solanaWallet('Sui').wallet, chains: ['sui:mainnet'] },
        solanaWallet('x'.repeat(101)).wallet,
        { ...solanaWallet('Evil').wallet, icon: 'javascript:alert(1)' },
        { ...solanaWallet('Remote icon').wallet, icon: 'https://evil.example/x.svg' },
        throwing,
        null,
        'Phantom',
      ),
    )
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: 'not a callback' }))
    await flush()
    expect(discovery.list()).toEqual([])
  })

  it('forgets a wallet that unregisters', async () => {
    const { discovery } = start()
    const { wallet } = solanaWallet()
    let unregister = () => {}
    window.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register: (w: unknown) => () => void }) => (unregister = register(wallet)),
      }),
    )
    expect(discovery.list().map((c) => c.id)).toEqual(['ws:solana:Phantom'])
    unregister()
    expect(discovery.list()).toEqual([])
    expect(discovery.get('ws:solana:Phantom')).toBeUndefined()
  })

  it('calls only the allow-listed features, with the wallet’s own account object, and answers plain data', async () => {
    const { wallet, account, features } = solanaWallet()
    stops.push(registerInPage(wallet))
    const connector = start().discovery.get('ws:solana:Phantom')!

    const connected = await connector.request('standard:connect', { silent: true })
    expect(features['standard:connect'].connect).toHaveBeenCalledWith({ silent: true })
    expect(connected).toEqual({
      accounts: [{ address: ADDRESS, publicKey: account.publicKey, chains: account.chains, features: account.features }],
    })

    const message = new Uint8Array([104, 105])
    expect(await connector.request('solana:signMessage', { account: ADDRESS, message })).toEqual({
      signedMessage: message,
      signature: SIGNATURE,
      signatureType: 'ed25519',
    })
    // The wallet gets its own account object back, never the address string.
    expect(features['solana:signMessage'].signMessage).toHaveBeenCalledWith({ account, message })

    const transaction = new Uint8Array(200).fill(3)
    await connector.request('solana:signTransaction', { account: ADDRESS, transaction, chain: 'solana:devnet' })
    expect(features['solana:signTransaction'].signTransaction).toHaveBeenCalledWith({ account, transaction, chain: 'solana:devnet' })
    expect(await connector.request('standard:disconnect', undefined)).toBeUndefined()
  })

  it('refuses names outside WALLET_STANDARD_CALLS and features the wallet lacks, without touching the wallet', async () => {
    const { wallet, features } = solanaWallet()
    const touched: PropertyKey[] = []
    const watched = { ...wallet, features: new Proxy(features, { get: (target, key) => (touched.push(key), Reflect.get(target, key)) }) }
    stops.push(registerInPage(watched))
    const connector = start().discovery.get('ws:solana:Phantom')!
    touched.length = 0
    for (const method of ['constructor', '__proto__', 'toString', 'solana:signIn', 'standard:events', 'solana:signMessage.call']) {
      await expect(connector.request(method, { account: ADDRESS, message: new Uint8Array(1) })).rejects.toMatchObject({
        code: 4200,
        message: `This wallet does not support ${method}`,
      })
    }
    expect(touched).toEqual([])
    expect(features['solana:signIn'].signIn).not.toHaveBeenCalled()

    // Allow-listed, but this wallet has no signAndSendTransaction.
    await expect(
      connector.request('solana:signAndSendTransaction', { account: ADDRESS, transaction: new Uint8Array(10) }),
    ).rejects.toMatchObject({
      code: 4200,
    })
  })

  it('refuses unknown accounts and bad params before calling the wallet', async () => {
    const { wallet, features } = solanaWallet()
    stops.push(registerInPage(wallet))
    const connector = start().discovery.get('ws:solana:Phantom')!
    const other = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD'
    await expect(connector.request('solana:signMessage', { account: other, message: new Uint8Array(1) })).rejects.toMatchObject({
      code: 4100,
      message: `Account ${other} is not connected in this wallet`,
    })
    for (const params of [
      { account: ADDRESS, message: new Uint8Array(4097) },
      { account: ADDRESS, message: [1, 2, 3] },
      { account: ADDRESS, message: 'hi' },
      { account: { address: ADDRESS }, message: new Uint8Array(1) },
      undefined,
    ]) {
      await expect(connector.request('solana:signMessage', params)).rejects.toMatchObject({ code: -32602 })
    }
    await expect(
      connector.request('solana:signTransaction', { account: ADDRESS, transaction: new Uint8Array(1233) }),
    ).rejects.toMatchObject({
      code: -32602,
    })
    expect(features['solana:signMessage'].signMessage).not.toHaveBeenCalled()
    expect(features['solana:signTransaction'].signTransaction).not.toHaveBeenCalled()
  })

  it('relays a change of accounts as accountsChanged with plain accounts', async () => {
    const { wallet, account, change } = solanaWallet()
    stops.push(registerInPage(wallet))
    const { events } = start()
    change([account])
    change([])
    expect(events).toEqual([
      [
        'ws:solana:Phantom',
        'accountsChanged',
        [{ address: ADDRESS, publicKey: account.publicKey, chains: account.chains, features: account.features }],
      ],
      ['ws:solana:Phantom', 'accountsChanged', []],
    ])
  })

  it('lists the dapp’s own wallets first as EXTERNAL, through the same relay, and refuses an unusable entry', async () => {
    const phantom = solanaWallet()
    const provider = { request: async ({ method }: { method: string }) => (method === 'eth_accounts' ? ['0xabc'] : null) }
    const { discovery } = start([{ wallet: phantom.wallet }, { name: 'Dapp Wallet', provider }])
    stops.push(registerInPage(phantom.wallet))
    expect(discovery.list().map((c) => [c.id, c.type, c.namespace])).toEqual([
      ['ws:solana:Phantom', 'EXTERNAL', 'solana'],
      ['ext:Dapp_Wallet', 'EXTERNAL', 'eip155'],
    ])
    expect(await discovery.get('ext:Dapp_Wallet')!.request('eth_accounts', [])).toEqual(['0xabc'])
    await discovery.get('ws:solana:Phantom')!.request('solana:signMessage', { account: ADDRESS, message: new Uint8Array(1) })
    expect(phantom.features['solana:signMessage'].signMessage).toHaveBeenCalledTimes(1)

    for (const wallets of [
      [{ name: 'No provider', provider: {} }],
      [{ wallet: { name: 'Not a wallet' } }],
      [{ wallet: phantom.wallet }, { wallet: phantom.wallet }],
    ]) {
      expect(() =>
        discoverConnectors({ wallets: wallets as never, loadExtra: importExtra, onChange: () => {}, onEvent: () => {} }),
      ).toThrow(/wallets\[\d\]: expected/)
    }
  })
})
