// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { discoverConnectors } from './discovery'
import { importExtra } from './load-extra'
import { ADDRESS, BITCOIN_ADDRESS, ICON, ORDINALS_ADDRESS, registerInPage, solanaAndBitcoinWallet } from './testing/wallets'

const plain = ({
  address,
  publicKey,
  chains,
  features,
}: {
  address: string
  publicKey: Uint8Array
  chains: readonly string[]
  features: readonly string[]
}) => ({
  address,
  publicKey,
  chains,
  features,
})

describe('a Wallet Standard wallet of two families', () => {
  const stops: (() => void)[] = []
  afterEach(() => stops.splice(0).forEach((stop) => stop()))

  function start() {
    const events: unknown[] = []
    const discovery = discoverConnectors({ loadExtra: importExtra, onChange: () => {}, onEvent: (...args) => events.push(args) })
    stops.push(discovery.destroy)
    return { discovery, events }
  }

  it('is one connector per family, each with its namespace in its id, and leaves together when it unregisters', () => {
    const { wallet } = solanaAndBitcoinWallet('Xverse')
    const unregister = registerInPage(wallet)
    const { discovery } = start()
    expect(discovery.list()).toEqual([
      {
        id: 'ws:solana:Xverse',
        type: 'ANNOUNCED',
        namespace: 'solana',
        name: 'Xverse',
        icon: ICON,
        chains: ['solana:mainnet', 'solana:devnet'],
      },
      { id: 'ws:bip122:Xverse', type: 'ANNOUNCED', namespace: 'bip122', name: 'Xverse', icon: ICON, chains: ['bitcoin:mainnet'] },
    ])
    expect(discovery.get('ws:bip122:Xverse')?.source).toBe(wallet)
    unregister()
    expect(discovery.list()).toEqual([])
  })

  it('connects each family with its own feature and gives each its own accounts', async () => {
    const both = solanaAndBitcoinWallet()
    stops.push(registerInPage(both.wallet))
    const { discovery, events } = start()
    const bitcoin = discovery.get('ws:bip122:Both')!
    expect(await bitcoin.request('bitcoin:connect', { purposes: ['payment', 'ordinals'] })).toEqual({
      accounts: [plain(both.payment), plain(both.ordinals)],
    })
    expect(both.features['bitcoin:connect'].connect).toHaveBeenCalledWith({ purposes: ['payment', 'ordinals'] })
    // Solana's connect answers every account of the wallet; the Solana connector keeps its own.
    both.features['standard:connect'].connect.mockResolvedValueOnce({ accounts: both.wallet.accounts } as never)
    expect(await discovery.get('ws:solana:Both')!.request('standard:connect', undefined)).toEqual({ accounts: [plain(both.account)] })

    both.change(both.wallet.accounts)
    expect(events).toEqual([
      ['ws:solana:Both', 'accountsChanged', [plain(both.account)]],
      ['ws:bip122:Both', 'accountsChanged', [plain(both.payment), plain(both.ordinals)]],
    ])
  })

  it("maps the accounts nested in a PSBT's inputsToSign to the wallet's own, and takes PSBTs past Solana's 1232 bytes", async () => {
    const both = solanaAndBitcoinWallet()
    stops.push(registerInPage(both.wallet))
    const bitcoin = start().discovery.get('ws:bip122:Both')!
    const psbt = new Uint8Array(5000).fill(7)
    const inputsToSign = [
      { account: BITCOIN_ADDRESS, signingIndexes: [0, 1] },
      { account: ORDINALS_ADDRESS, signingIndexes: [2], sigHash: 0x83 },
    ]
    expect(await bitcoin.request('bitcoin:signTransaction', { psbt, inputsToSign })).toEqual({ signedPsbt: psbt })
    expect(both.features['bitcoin:signTransaction'].signTransaction).toHaveBeenCalledWith({
      psbt,
      inputsToSign: [
        { account: both.payment, signingIndexes: [0, 1] },
        { account: both.ordinals, signingIndexes: [2], sigHash: 0x83 },
      ],
    })
    expect(await bitcoin.request('bitcoin:signMessage', { account: BITCOIN_ADDRESS, message: new Uint8Array([1]) })).toEqual({
      signedMessage: new Uint8Array([1]),
      signature: new Uint8Array(65).fill(4),
    })
    expect(both.features['bitcoin:signMessage'].signMessage).toHaveBeenCalledWith({ account: both.payment, message: new Uint8Array([1]) })
  })

  it('refuses a nested account it does not know, another family’s account or feature, and bad params, before calling the wallet', async () => {
    const both = solanaAndBitcoinWallet()
    stops.push(registerInPage(both.wallet))
    const { discovery } = start()
    const bitcoin = discovery.get('ws:bip122:Both')!
    const psbt = new Uint8Array(10)
    for (const account of ['bc1qunknown', ADDRESS]) {
      await expect(
        bitcoin.request('bitcoin:signTransaction', { psbt, inputsToSign: [{ account, signingIndexes: [0] }] }),
      ).rejects.toMatchObject({ code: 4100, message: `Account ${account} is not connected in this wallet` })
    }
    for (const params of [
      { psbt: new Uint8Array(1_000_001), inputsToSign: [] },
      { psbt, inputsToSign: [{ account: { address: BITCOIN_ADDRESS }, signingIndexes: [0] }] },
      { psbt, inputsToSign: [{ account: BITCOIN_ADDRESS, signingIndexes: ['0'] }] },
    ]) {
      await expect(bitcoin.request('bitcoin:signTransaction', params)).rejects.toMatchObject({ code: -32602 })
    }
    await expect(bitcoin.request('bitcoin:connect', { purposes: ['everything'] })).rejects.toMatchObject({ code: -32602 })
    for (const method of ['solana:signMessage', 'standard:connect', 'standard:events']) {
      await expect(bitcoin.request(method, { account: ADDRESS, message: new Uint8Array(1) })).rejects.toMatchObject({ code: 4200 })
    }
    await expect(
      discovery.get('ws:solana:Both')!.request('bitcoin:signMessage', { account: BITCOIN_ADDRESS, message: new Uint8Array(1) }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(both.features['bitcoin:signTransaction'].signTransaction).not.toHaveBeenCalled()
    expect(both.features['bitcoin:signMessage'].signMessage).not.toHaveBeenCalled()
  })
})
