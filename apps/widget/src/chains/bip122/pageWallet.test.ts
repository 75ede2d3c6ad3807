import { bitcoinRegtest, bitcoinTestnet } from '@airlock/chains'
import { scriptToBitcoinAddress } from '@airlock/chains/bip122'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts, startBitcoinDevnet, type BitcoinDevnet } from '@airlock/devnet/bitcoin'
import { RpcErrorCode, type ConnectorDescription } from '@airlock/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NetworkContext, PageCall } from '../types'
import { bip122Adapter } from './index'
import { devnetBitcoinPage, type Recorded } from './testing'

/**
 * Both page shapes of a Bitcoin wallet, through the host's relay (testing.ts) to the devnet's
 * browser wallet: what each call asks the wallet, and what the widget reads back.
 */

const { pageWallet } = bip122Adapter
const REGTEST = bitcoinRegtest.caipNetworkId
const PAYMENT = bitcoinDevnetAccounts[0]!.address
const ORDINALS = bitcoinDevnetTaprootAccounts[0]!.address
let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

const STANDARD: ConnectorDescription = {
  id: 'ws:bip122:Devnet Wallet',
  type: 'ANNOUNCED',
  namespace: 'bip122',
  name: 'Devnet Wallet',
  chains: ['bitcoin:regtest'],
}
const SATS: ConnectorDescription = {
  id: 'sats-connect:AirlockDevnet.BitcoinProvider',
  type: 'ANNOUNCED',
  namespace: 'bip122',
  name: 'Devnet Sats Wallet',
}
const networks = (...requested: string[]): NetworkContext => ({ requested, rpcUrl: (id) => id })
const shapes = [
  ['Wallet Standard', 'standard', STANDARD],
  ['sats-connect', 'satsConnect', SATS],
] as const

describe.each(shapes)('a %s Bitcoin wallet', (_name, shape, description) => {
  const page = () => {
    const made = devnetBitcoinPage(devnet.url)
    const call: PageCall = made[shape]
    const request = (method: string, params?: unknown) =>
      pageWallet.request(call, { caipNetworkId: REGTEST, address: PAYMENT, method, params, description })
    return { ...made, call, request }
  }

  it('connects asking payment and ordinals: the payment address is the account, ordinals listed after it', async () => {
    const { call, calls } = page()
    expect(await pageWallet.connect(call, description, networks('eip155:1', bitcoinTestnet.caipNetworkId, REGTEST))).toEqual({
      namespace: 'bip122',
      addresses: [PAYMENT, ORDINALS],
      caipNetworkId: REGTEST,
    })
    expect(calls).toEqual([
      shape === 'standard'
        ? { method: 'bitcoin:connect', params: { purposes: ['payment', 'ordinals'] } }
        : { method: 'wallet_connect', params: { addresses: ['payment', 'ordinals'] } },
    ])
  })

  it('reconnects with the accounts the wallet still grants; a refusal is no reconnection', async () => {
    const { call, bitcoin } = page()
    await pageWallet.connect(call, description, networks(REGTEST))
    expect(await pageWallet.reconnect(call, description, networks(REGTEST))).toMatchObject({ addresses: [PAYMENT, ORDINALS] })
    const other = page()
    other.bitcoin.devnet.setMode('reject')
    await expect(pageWallet.reconnect(other.call, description, networks(REGTEST))).rejects.toBeDefined()
    expect(bitcoin.devnet.state().connected).toBe(true)
  })

  it('answers getAddresses in sats-connect’s entries, for the purposes asked', async () => {
    const { call, request } = page()
    await pageWallet.connect(call, description, networks(REGTEST))
    const { addresses } = (await request('getAddresses', { purposes: ['ordinals'] })) as {
      addresses: { address: string; purpose: string }[]
    }
    expect(addresses.map(({ address, purpose }) => ({ address, purpose }))).toEqual([{ address: ORDINALS, purpose: 'ordinals' }])
  })

  it('signs a message BIP-322 by default (a base64 witness)', async () => {
    const { call, request, calls } = page()
    await pageWallet.connect(call, description, networks(REGTEST))
    const signed = (await request('signMessage', { address: PAYMENT, message: 'Hello Airlock' })) as { signature: string; address: string }
    expect(signed).toMatchObject({ address: PAYMENT, protocol: 'BIP322' })
    expect(signed.signature).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(calls.at(-1)).toEqual(
      shape === 'standard'
        ? { method: 'bitcoin:signMessage', params: { account: PAYMENT, message: new TextEncoder().encode('Hello Airlock') } }
        : { method: 'signMessage', params: { address: PAYMENT, message: 'Hello Airlock' } },
    )
  })

  it('refuses what is not Airlock’s Bitcoin RPC, and bad params before the wallet sees them', async () => {
    const { request, calls } = page()
    await expect(request('eth_sendTransaction', [])).rejects.toMatchObject({ code: RpcErrorCode.UnsupportedMethod })
    await expect(request('signPsbt', { psbt: 'not base64!', signInputs: {} })).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    expect(calls).toEqual([])
  })

  it('disconnects best-effort in its own shape', async () => {
    const { call, calls, bitcoin } = page()
    await pageWallet.connect(call, description, networks(REGTEST))
    await pageWallet.disconnect(call, description)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls.at(-1)?.method).toBe(shape === 'standard' ? 'standard:disconnect' : 'wallet_disconnect')
    expect(bitcoin.devnet.state().connected).toBe(false)
  })
})

describe('what only one shape does', () => {
  it('a Standard wallet signs BIP-322 only, signs without broadcasting, and sends no transfers itself', async () => {
    const page = devnetBitcoinPage(devnet.url)
    await pageWallet.connect(page.standard, STANDARD, networks(REGTEST))
    const request = (method: string, params: unknown) =>
      pageWallet.request(page.standard, { caipNetworkId: REGTEST, address: PAYMENT, method, params, description: STANDARD })
    const calls = page.calls.length
    await expect(request('signMessage', { address: PAYMENT, message: 'hi', protocol: 'ECDSA' })).rejects.toMatchObject({
      code: RpcErrorCode.UnsupportedMethod,
    })
    await expect(request('signPsbt', { psbt: 'cHNidP8BAA==', signInputs: { [PAYMENT]: [0] }, broadcast: true })).rejects.toMatchObject({
      code: RpcErrorCode.UnsupportedMethod,
    })
    await expect(request('sendTransfer', { recipients: [{ address: PAYMENT, amount: 1000 }] })).rejects.toMatchObject({
      code: RpcErrorCode.UnsupportedMethod,
    })
    expect(page.calls.length).toBe(calls)
  })

  it('a sats-connect wallet signs ECDSA when asked', async () => {
    const page = devnetBitcoinPage(devnet.url)
    await pageWallet.connect(page.satsConnect, SATS, networks(REGTEST))
    const signed = await pageWallet.request(page.satsConnect, {
      caipNetworkId: REGTEST,
      address: PAYMENT,
      method: 'signMessage',
      params: { address: PAYMENT, message: 'hi', protocol: 'ECDSA' },
      description: SATS,
    })
    expect(signed).toMatchObject({ address: PAYMENT, protocol: 'ECDSA' })
  })

  it('falls back to getAddresses for a sats-connect wallet without wallet_connect', async () => {
    const page = devnetBitcoinPage(devnet.url)
    const oldWallet: PageCall = (method, params) =>
      method === 'wallet_connect'
        ? Promise.reject(Object.assign(new Error('Method not supported'), { code: -32001 }))
        : page.satsConnect(method, params)
    expect(await pageWallet.connect(oldWallet, SATS, networks(REGTEST))).toMatchObject({ addresses: [PAYMENT, ORDINALS] })
    expect(page.calls).toEqual([{ method: 'getAddresses', params: { purposes: ['payment', 'ordinals'] } }])
  })
})

describe('sats-connect’s two names of each method (first names, then bitcoin_<method>V2)', () => {
  const V1 = ['getAddresses', 'signMessage', 'signPsbt', 'sendTransfer']
  const V2 = ['bitcoin_getAddressesV2', 'bitcoin_signMessageV2', 'bitcoin_signPsbtV2', 'bitcoin_sendTransferV2']
  const notSupported = (method: string) => Object.assign(new Error(`Method not supported: ${method}`), { code: -32001 })
  /** The devnet provider through the relay, answering only `names` (and wallet_connect when `connect`). */
  const knowing = (names: readonly string[], connect = true) => {
    const page = devnetBitcoinPage(devnet.url)
    const asked: string[] = []
    const call: PageCall = (method, params) => {
      asked.push(method)
      return names.includes(method) || (connect && method === 'wallet_connect')
        ? page.satsConnect(method, params)
        : Promise.reject(notSupported(method))
    }
    const request = (method: string, params?: unknown) =>
      pageWallet.request(call, { caipNetworkId: REGTEST, address: PAYMENT, method, params, description: SATS })
    return { ...page, call, asked, request }
  }

  it('a wallet of V2 names only: each method is asked by its first name, then by its V2 name, with the same params', async () => {
    const { call, asked, calls, request } = knowing(V2)
    await pageWallet.connect(call, SATS, networks(REGTEST))
    const { addresses } = (await request('getAddresses', { purposes: ['payment'] })) as { addresses: { address: string }[] }
    expect(addresses.map((entry) => entry.address)).toEqual([PAYMENT])
    expect(await request('signMessage', { address: PAYMENT, message: 'hi' })).toMatchObject({ address: PAYMENT, protocol: 'BIP322' })
    expect(asked).toEqual(['wallet_connect', 'getAddresses', 'bitcoin_getAddressesV2', 'signMessage', 'bitcoin_signMessageV2'])
    expect(calls.at(-1)).toEqual({ method: 'bitcoin_signMessageV2', params: { address: PAYMENT, message: 'hi' } })
  })

  it('a wallet of V1 names only is asked by them alone', async () => {
    const { call, asked, request } = knowing(V1)
    await pageWallet.connect(call, SATS, networks(REGTEST))
    await request('getAddresses')
    await request('signMessage', { address: PAYMENT, message: 'hi', protocol: 'ECDSA' })
    expect(asked).toEqual(['wallet_connect', 'getAddresses', 'signMessage'])
  })

  it('signPsbt and sendTransfer: the V2 answer is checked with the protocol’s schema as the first one is', async () => {
    const answers: Record<string, unknown> = {
      bitcoin_signPsbtV2: { psbt: 'cHNidP8BAA==' },
      bitcoin_sendTransferV2: { txid: 'not a txid' },
    }
    const asked: Recorded[] = []
    const call: PageCall = async (method, params) => {
      asked.push({ method, params })
      if (!(method in answers)) throw notSupported(method)
      return answers[method]
    }
    const request = (method: string, params: unknown) =>
      pageWallet.request(call, { caipNetworkId: REGTEST, address: PAYMENT, method, params, description: SATS })
    const signPsbt = { psbt: 'cHNidP8BAA==', signInputs: { [PAYMENT]: [0] }, broadcast: false }
    expect(await request('signPsbt', signPsbt)).toEqual({ psbt: 'cHNidP8BAA==' })
    await expect(request('sendTransfer', { recipients: [{ address: PAYMENT, amount: 1000 }] })).rejects.toMatchObject({
      code: RpcErrorCode.InternalError,
    })
    expect(asked).toEqual([
      { method: 'signPsbt', params: signPsbt },
      { method: 'bitcoin_signPsbtV2', params: signPsbt },
      { method: 'sendTransfer', params: { recipients: [{ address: PAYMENT, amount: 1000 }] } },
      { method: 'bitcoin_sendTransferV2', params: { recipients: [{ address: PAYMENT, amount: 1000 }] } },
    ])
  })

  it('a no to the first name is the answer (4001): the V2 name is not asked', async () => {
    const { call, asked, request, bitcoin } = knowing([...V1, ...V2])
    await pageWallet.connect(call, SATS, networks(REGTEST))
    bitcoin.devnet.setMode('reject')
    await expect(request('signMessage', { address: PAYMENT, message: 'hi' })).rejects.toMatchObject({ code: RpcErrorCode.UserRejected })
    expect(asked).toEqual(['wallet_connect', 'signMessage'])
  })

  it('connects a wallet without wallet_connect nor getAddresses with bitcoin_getAddressesV2, its network read from `networks`', async () => {
    const asked: Recorded[] = []
    const call: PageCall = async (method, params) => {
      asked.push({ method, params })
      if (method !== 'bitcoin_getAddressesV2') throw notSupported(method)
      return {
        addresses: [
          { address: ORDINALS, publicKey: bitcoinDevnetTaprootAccounts[0]!.publicKey.slice(2), purpose: 'ordinals', addressType: 'p2tr' },
          { address: PAYMENT, publicKey: bitcoinDevnetAccounts[0]!.publicKey, purpose: 'payment', addressType: 'p2wpkh' },
        ],
        networks: { bitcoin: { chain: 'bitcoin', mode: 'regtest', name: 'My Regtest' } },
      }
    }
    expect(await pageWallet.connect(call, SATS, networks(bitcoinTestnet.caipNetworkId, REGTEST))).toEqual({
      namespace: 'bip122',
      addresses: [PAYMENT, ORDINALS],
      caipNetworkId: REGTEST,
    })
    expect(asked.map(({ method }) => method)).toEqual(['wallet_connect', 'getAddresses', 'bitcoin_getAddressesV2'])
    expect(asked.at(-1)!.params).toEqual({ purposes: ['payment', 'ordinals'] })
  })
})

describe('events of a Standard wallet (standard:events change, relayed as accountsChanged)', () => {
  const account = (address: string) => ({ address, publicKey: new Uint8Array(33).fill(2), chains: ['bitcoin:regtest'], features: [] })
  it('reads the addresses, payment first; no account is a disconnection; anything else says nothing', () => {
    expect(pageWallet.readEvent('accountsChanged', [account(ORDINALS), account(PAYMENT)], { caipNetworkId: REGTEST })).toEqual({
      addresses: [PAYMENT, ORDINALS],
    })
    expect(pageWallet.readEvent('accountsChanged', [], { caipNetworkId: REGTEST })).toEqual({ disconnected: true })
    expect(pageWallet.readEvent('accountsChanged', [{ address: 1 }], { caipNetworkId: REGTEST })).toBeUndefined()
    expect(pageWallet.readEvent('chainChanged', 'bitcoin:mainnet', { caipNetworkId: REGTEST })).toBeUndefined()
  })
})

describe('events of a sats-connect wallet (relayed by the host: accountChange, networkChange, disconnect)', () => {
  const current = { caipNetworkId: REGTEST }
  const OTHER = bitcoinDevnetAccounts[1]!.address
  const entry = (address: string, purpose: string) => ({
    address,
    publicKey: bitcoinDevnetAccounts[1]!.publicKey,
    purpose,
    addressType: 'p2wpkh',
  })
  const ordinals = { address: ORDINALS, publicKey: bitcoinDevnetTaprootAccounts[0]!.publicKey.slice(2), purpose: 'ordinals' }

  it('accountChange: the new account’s payment address, ordinals after it; without its addresses (not granted) a disconnection', () => {
    expect(
      pageWallet.readEvent(
        'accountsChanged',
        { type: 'accountChange', addresses: [ordinals, entry(OTHER, 'payment'), { address: 'SP1', purpose: 'stacks' }] },
        current,
      ),
    ).toEqual({ addresses: [OTHER, ORDINALS] })
    expect(pageWallet.readEvent('accountsChanged', { type: 'accountChange' }, current)).toEqual({ disconnected: true })
    expect(pageWallet.readEvent('accountsChanged', { type: 'accountChange', addresses: [ordinals] }, current)).toEqual({
      disconnected: true,
    })
    expect(pageWallet.readEvent('accountsChanged', 'nonsense', current)).toBeUndefined()
  })

  it('networkChange: the network by its sats-connect name or its V2 mode, with the addresses there when given; an unknown one says nothing', () => {
    expect(
      pageWallet.readEvent('chainChanged', { type: 'networkChange', bitcoin: { name: 'Testnet' }, stacks: { name: 'Testnet' } }, current),
    ).toEqual({
      caipNetworkId: bitcoinTestnet.caipNetworkId,
    })
    const TESTNET_PAYMENT = scriptToBitcoinAddress(Uint8Array.of(0x00, 0x14, ...new Uint8Array(20).fill(7)), bitcoinTestnet.caipNetworkId)!
    expect(
      pageWallet.readEvent(
        'chainChanged',
        {
          type: 'networkChange',
          networks: { bitcoin: { chain: 'bitcoin', mode: 'testnet', name: 'Bitcoin Testnet' } },
          addresses: [entry(TESTNET_PAYMENT, 'payment')],
        },
        current,
      ),
    ).toEqual({ caipNetworkId: bitcoinTestnet.caipNetworkId, addresses: [TESTNET_PAYMENT] })
    expect(pageWallet.readEvent('chainChanged', { type: 'networkChange', bitcoin: { name: 'Fractal' } }, current)).toBeUndefined()
    expect(pageWallet.readEvent('chainChanged', null, current)).toBeUndefined()
  })

  it('disconnect (and accountDisconnected, relayed the same) is a disconnection', () => {
    expect(pageWallet.readEvent('disconnect', { type: 'disconnect' }, current)).toEqual({ disconnected: true })
  })
})
