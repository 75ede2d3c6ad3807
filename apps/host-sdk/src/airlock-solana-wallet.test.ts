// @vitest-environment happy-dom
import type { AirlockState } from '@airlock/protocol'
import { base58, base64 } from '@scure/base'
import { afterEach, describe, expect, it } from 'vitest'
import { fromBase58, fromBase64, fromHex, toBase58, toBase64 } from './codec'
import { discoverConnectors } from './discovery'
import { createAirlock } from './index'
import { importExtra } from './load-extra'
import { widgetPeer, widgetState, WIDGET_URL } from './testing/widget-peer'
import { ADDRESS } from './testing/wallets'
import { walletsApp } from './testing/wallets-app'
import type { StandardWalletAccount } from './standard'

const connected = (address: string): AirlockState =>
  widgetState({
    connections: [
      { namespace: 'eip155', caipAddress: 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8', connectorId: 'io.metamask' },
      { namespace: 'solana', caipAddress: `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${address}`, connectorId: 'ws:Phantom' },
    ],
  })

describe('the byte codecs', () => {
  it('agree with @scure/base, leading zeros included, and refuse what is not base58', () => {
    const samples = [new Uint8Array(0), new Uint8Array([0]), new Uint8Array([0, 0, 1, 255]), new Uint8Array(64).fill(255)]
    for (let i = 0; i < 40; i++) samples.push(crypto.getRandomValues(new Uint8Array(i * 7)).map((b, j) => (j < i % 4 ? 0 : b)))
    for (const bytes of samples) {
      expect(toBase58(bytes)).toBe(base58.encode(bytes))
      expect(fromBase58(base58.encode(bytes))).toEqual(bytes)
      expect(toBase64(bytes)).toBe(base64.encode(bytes))
      expect(fromBase64(base64.encode(bytes))).toEqual(bytes)
    }
    expect(fromBase58(ADDRESS)).toHaveLength(32)
    expect(() => fromBase58('0OIl')).toThrow('Expected base58')
    expect(fromHex('00ff10Ab')).toEqual(Uint8Array.of(0, 255, 16, 171))
    expect(() => fromHex('abc')).toThrow('Expected hex')
    // A PSBT may be larger than a call takes arguments.
    const large = new Uint8Array(300_000).map((_, i) => i * 7)
    expect(fromBase64(toBase64(large))).toEqual(large)
  })
})

describe("Airlock's Solana wallet", () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

  function start(answer: Parameters<typeof widgetPeer>[0]) {
    const peer = widgetPeer(answer)
    const airlock = createAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL })
    cleanups.push(() => airlock.destroy(), peer.close)
    return { peer, airlock }
  }

  it('is the wallet "Airlock" with the Solana features, follows the Solana connection, and is not one of the page’s wallets', async () => {
    const app = walletsApp()
    cleanups.push(app.stop)
    const { peer } = start(() => undefined)
    const wallet = await app.wallet()
    expect(wallet).toMatchObject({
      version: '1.0.0',
      name: 'Airlock',
      chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'],
    })
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Object.keys(wallet.features)).toEqual([
      'standard:connect',
      'standard:disconnect',
      'standard:events',
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
    ])
    expect(wallet.accounts).toEqual([])

    const changes: (readonly StandardWalletAccount[])[] = []
    const events = wallet.features['standard:events'] as {
      on(event: 'change', fn: (c: { accounts: StandardWalletAccount[] }) => void): () => void
    }
    events.on('change', ({ accounts }) => changes.push(accounts))
    const host = await peer.host
    await host.emit({ type: 'state', state: connected(ADDRESS) })
    expect(wallet.accounts).toEqual([
      {
        address: ADDRESS,
        publicKey: base58.decode(ADDRESS),
        chains: wallet.chains,
        features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
      },
    ])
    await host.emit({ type: 'state', state: connected(ADDRESS) })
    await host.emit({ type: 'state', state: { ...connected(ADDRESS), connections: [] } })
    expect(changes.map((accounts) => accounts.map((a) => a.address))).toEqual([[ADDRESS], []])

    // Our own discovery never lists Airlock as one of the page's wallets.
    const discovery = discoverConnectors({ loadExtra: importExtra, onChange: () => {}, onEvent: () => {} })
    cleanups.push(discovery.destroy)
    expect(discovery.list()).toEqual([])
  })

  it('turns each feature into a solana_* request, bytes to base58 / base64 and back', async () => {
    const signature = new Uint8Array(64).map((_, i) => i)
    const transaction = new Uint8Array(150).map((_, i) => 255 - i)
    const signed = transaction.map((b) => b ^ 1)
    const { peer } = start(({ method, params }) => {
      if (method !== 'request') return undefined
      const { method: rpc } = params as { method: string }
      if (rpc === 'solana_requestAccounts') return [{ pubkey: ADDRESS }]
      if (rpc === 'solana_signTransaction') return { signature: base58.encode(signature), transaction: base64.encode(signed) }
      return { signature: base58.encode(signature) }
    })
    const app = walletsApp()
    cleanups.push(app.stop)
    const wallet = await app.wallet()
    const feature = <T>(name: string) => wallet.features[name] as T

    const { accounts } = await feature<{ connect(input?: object): Promise<{ accounts: StandardWalletAccount[] }> }>(
      'standard:connect',
    ).connect()
    expect(accounts.map((a) => a.address)).toEqual([ADDRESS])
    const account = accounts[0]!

    const message = new TextEncoder().encode('Sign in to the demo')
    const [signedMessage] = await feature<{ signMessage(...i: object[]): Promise<object[]> }>('solana:signMessage').signMessage({
      account,
      message,
    })
    expect(signedMessage).toEqual({ signedMessage: message, signature })

    const [tx] = await feature<{ signTransaction(...i: object[]): Promise<object[]> }>('solana:signTransaction').signTransaction({
      account,
      transaction,
      chain: 'solana:devnet',
    })
    expect(tx).toEqual({ signedTransaction: signed })

    const sent = await feature<{ signAndSendTransaction(...i: object[]): Promise<object[]> }>(
      'solana:signAndSendTransaction',
    ).signAndSendTransaction({
      account,
      transaction,
      chain: 'solana:devnet',
      options: { skipPreflight: true },
    })
    expect(sent).toEqual([{ signature }])

    const requests = peer.calls.filter((c) => c.method === 'request').map((c) => c.params)
    expect(requests).toEqual([
      { namespace: 'solana', method: 'solana_requestAccounts' },
      { namespace: 'solana', method: 'solana_signMessage', params: { message: base58.encode(message), pubkey: ADDRESS } },
      { namespace: 'solana', method: 'solana_signTransaction', params: { transaction: base64.encode(transaction) } },
      {
        namespace: 'solana',
        method: 'solana_signAndSendTransaction',
        params: { transaction: base64.encode(transaction), sendOptions: { skipPreflight: true } },
      },
    ])

    await feature<{ disconnect(): Promise<void> }>('standard:disconnect').disconnect()
    expect(peer.calls.find((c) => c.method === 'disconnect')?.params).toEqual({ namespace: 'solana' })
  })
})
