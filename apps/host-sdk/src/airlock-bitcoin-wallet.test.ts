// @vitest-environment happy-dom
import type { AirlockState } from '@airlock/protocol'
import { base64 } from '@scure/base'
import { afterEach, describe, expect, it } from 'vitest'
import { createAirlock } from './index'
import type { StandardWalletAccount } from './standard'
import { widgetPeer, widgetState, WIDGET_URL } from './testing/widget-peer'
import { walletsApp } from './testing/wallets-app'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const PAYMENT = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk'
const ORDINALS = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq3ggfts'
const PAYMENT_KEY = '02' + '11'.repeat(32)
const ORDINALS_KEY = '22'.repeat(32)
const entries = [
  { address: PAYMENT, publicKey: PAYMENT_KEY, purpose: 'payment' },
  { address: ORDINALS, publicKey: ORDINALS_KEY, purpose: 'ordinals' },
]
const hex = (text: string) => Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16))

const connected = (address = PAYMENT): AirlockState =>
  widgetState({ connections: [{ namespace: 'bip122', caipAddress: `${REGTEST}:${address}`, connectorId: 'sats-connect:devnet' }] })

type Feature<T> = Record<string, T>
type Connect = { connect(input?: object): Promise<{ accounts: StandardWalletAccount[] }> }

describe("Airlock's Bitcoin wallet", () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

  /** Airlock with a widget that answers getProvider('bip122')'s requests with `answer`. */
  function start(answer: (method: string, params: unknown) => unknown) {
    const peer = widgetPeer(({ method, params }) => {
      if (method !== 'request') return undefined
      const request = params as { namespace: string; method: string; params?: unknown }
      return request.namespace === 'bip122' ? answer(request.method, request.params) : undefined
    })
    const airlock = createAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL })
    const app = walletsApp()
    cleanups.push(() => airlock.destroy(), peer.close, app.stop)
    const requests = () =>
      peer.calls.filter((c) => c.method === 'request' && (c.params as { namespace: string }).namespace === 'bip122').map((c) => c.params)
    return { peer, app, requests }
  }

  it('is the wallet "Airlock" of every Bitcoin network, beside the Solana one, and follows the Bitcoin connection with its keys', async () => {
    const { peer, app, requests } = start((method) => (method === 'getAddresses' ? { addresses: entries } : undefined))
    const wallet = await app.wallet('bitcoin:')
    expect(wallet).toMatchObject({ version: '1.0.0', name: 'Airlock' })
    expect(wallet.chains).toEqual(['bitcoin:mainnet', 'bitcoin:testnet', 'bitcoin:testnet4', 'bitcoin:signet', 'bitcoin:regtest'])
    expect(Object.keys(wallet.features)).toEqual([
      'standard:connect',
      'bitcoin:connect',
      'standard:disconnect',
      'standard:events',
      'bitcoin:signMessage',
      'bitcoin:signTransaction',
    ])
    expect(wallet.accounts).toEqual([])
    expect((await app.wallet('solana:')).name).toBe('Airlock')

    const changes: string[][] = []
    ;(wallet.features['standard:events'] as { on(e: 'change', fn: (c: { accounts: StandardWalletAccount[] }) => void): void }).on(
      'change',
      ({ accounts }) => changes.push(accounts.map((a) => a.address)),
    )
    const host = await peer.host
    await host.emit({ type: 'state', state: connected() })
    await expect.poll(() => wallet.accounts.length).toBe(2)
    expect(wallet.accounts).toEqual([
      {
        address: PAYMENT,
        publicKey: hex(PAYMENT_KEY),
        chains: ['bitcoin:regtest'],
        features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
      },
      {
        address: ORDINALS,
        publicKey: hex(ORDINALS_KEY),
        chains: ['bitcoin:regtest'],
        features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
      },
    ])
    // The same connection again asks nothing more; its end empties the accounts.
    await host.emit({ type: 'state', state: connected() })
    await host.emit({ type: 'state', state: widgetState({ connections: [] }) })
    expect(changes).toEqual([[PAYMENT, ORDINALS], []])
    expect(requests()).toEqual([{ namespace: 'bip122', method: 'getAddresses' }])
  })

  it('connects for the purposes asked, signs BIP-322 messages and PSBTs through getProvider("bip122"), bytes to base64 and back', async () => {
    const signature = new Uint8Array(107).map((_, i) => i)
    const psbt = new Uint8Array(300).map((_, i) => i % 251)
    const signedPsbt = psbt.map((b) => b ^ 7)
    const { peer, app, requests } = start((method) => {
      if (method === 'getAddresses') return { addresses: entries }
      if (method === 'signMessage') return { signature: base64.encode(signature), address: PAYMENT, protocol: 'BIP322' }
      if (method === 'signPsbt') return { psbt: base64.encode(signedPsbt) }
    })
    const wallet = await app.wallet('bitcoin:')
    const feature = <T>(name: string) => (wallet.features as Feature<T>)[name]!
    ;(await peer.host).emit({ type: 'state', state: connected() })
    const { accounts } = await feature<Connect>('bitcoin:connect').connect({ purposes: ['payment'] })
    expect(accounts.map((a) => a.address)).toEqual([PAYMENT])
    const [payment, ordinals] = wallet.accounts

    const message = new TextEncoder().encode('Sign in to the demo')
    const [signed] = await feature<{ signMessage(...i: object[]): Promise<object[]> }>('bitcoin:signMessage').signMessage({
      account: payment,
      message,
    })
    expect(signed).toEqual({ signedMessage: message, signature })
    await expect(
      feature<{ signMessage(...i: object[]): Promise<object[]> }>('bitcoin:signMessage').signMessage({
        account: payment,
        message: Uint8Array.of(0xff, 0xfe),
      }),
    ).rejects.toThrow()

    const sign = feature<{ signTransaction(...i: object[]): Promise<object[]> }>('bitcoin:signTransaction')
    const [transaction] = await sign.signTransaction({
      psbt,
      inputsToSign: [
        { account: payment, signingIndexes: [0] },
        { account: ordinals, signingIndexes: [1] },
        { account: payment, signingIndexes: [2] },
      ],
      chain: 'bitcoin:regtest',
    })
    expect(transaction).toEqual({ signedPsbt })
    await expect(
      sign.signTransaction({ psbt, inputsToSign: [{ account: payment, signingIndexes: [0] }], chain: 'bitcoin:mainnet' }),
    ).rejects.toThrow('Airlock is connected on bitcoin:regtest, not bitcoin:mainnet')

    expect(requests().slice(-2)).toEqual([
      { namespace: 'bip122', method: 'signMessage', params: { address: PAYMENT, message: 'Sign in to the demo', protocol: 'BIP322' } },
      {
        namespace: 'bip122',
        method: 'signPsbt',
        params: { psbt: base64.encode(psbt), signInputs: { [PAYMENT]: [0, 2], [ORDINALS]: [1] }, broadcast: false },
      },
    ])
    await feature<{ disconnect(): Promise<void> }>('standard:disconnect').disconnect()
    expect(peer.calls.find((c) => c.method === 'disconnect')?.params).toEqual({ namespace: 'bip122' })
  })
})
