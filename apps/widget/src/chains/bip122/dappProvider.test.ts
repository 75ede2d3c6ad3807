import { scriptToBitcoinAddress } from '@airlock/chains/bip122'
import { bitcoinDevnetAccounts, startBitcoinDevnet } from '@airlock/devnet/bitcoin'
import { ProviderRpcError, type ConnectorDescription } from '@airlock/protocol'
import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { createBitcoinDappProvider } from './dappProvider'
import { bip122Adapter } from './index'
import { devnetBitcoinPage, devnetRest } from './testing'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const PAYMENT = bitcoinDevnetAccounts[0]!.address
const STRANGER = bitcoinDevnetAccounts[1]!.address
const SIGNATURE = 'AkcwRAIgZ2h0aGVyZQ=='

function setup(connected: boolean, answer: unknown = { signature: SIGNATURE, address: PAYMENT, protocol: 'BIP322' }) {
  let connection = connected ? { addresses: [PAYMENT], caipNetworkId: REGTEST } : undefined
  const deps = {
    connection: () => connection,
    networks: () => ({ active: REGTEST, requested: [REGTEST] }),
    walletRequest: vi.fn(async () => answer),
    proxyRequest: Object.assign(vi.fn(), { rest: vi.fn() }),
    requestAccounts: vi.fn(async () => {
      connection = { addresses: [PAYMENT], caipNetworkId: REGTEST }
      return [PAYMENT]
    }),
    awaitConnection: vi.fn(async (): Promise<unknown> => {
      throw new ProviderRpcError(4100, 'Not connected')
    }),
  }
  return { deps, request: createBitcoinDappProvider(deps) }
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (error: ProviderRpcError) => error,
  )

describe("the dapp's Bitcoin provider", () => {
  it('refuses what is not a Bitcoin method with 4200, and bad params with -32602, asking no wallet', async () => {
    const { deps, request } = setup(true)
    expect((await rejection(request({ method: 'eth_accounts' }))).code).toBe(4200)
    expect((await rejection(request({ method: 'signMessage', params: { address: 'nope', message: 'hi' } }))).code).toBe(-32602)
    expect(deps.walletRequest).not.toHaveBeenCalled()
  })

  it('getAddresses opens the modal when no Bitcoin wallet is connected, then asks the wallet for its entries', async () => {
    const entries = { addresses: [{ address: PAYMENT, purpose: 'payment' }] }
    const { deps, request } = setup(false, entries)
    expect(await request({ method: 'getAddresses', params: { purposes: ['payment'] } })).toEqual(entries)
    expect(deps.requestAccounts).toHaveBeenCalledOnce()
    expect(deps.walletRequest).toHaveBeenCalledWith('getAddresses', { purposes: ['payment'] })
  })

  it('signs a message of the connected address and checks the answer before the dapp sees it', async () => {
    const { deps, request } = setup(true)
    const signed = await request({ method: 'signMessage', params: { address: PAYMENT, message: 'hello' } })
    expect(signed).toEqual({ signature: SIGNATURE, address: PAYMENT, protocol: 'BIP322' })
    expect(deps.walletRequest).toHaveBeenCalledWith('signMessage', { address: PAYMENT, message: 'hello' })
    const malformed = setup(true, { signature: '<script>' })
    expect((await rejection(malformed.request({ method: 'signMessage', params: { address: PAYMENT, message: 'hi' } }))).code).toBe(-32603)
  })

  it('a signing call without a connection answers 4100; naming another address, 4100 before the wallet is asked', async () => {
    const off = setup(false)
    expect((await rejection(off.request({ method: 'signMessage', params: { address: PAYMENT, message: 'hi' } }))).code).toBe(4100)
    const on = setup(true)
    const stranger = await rejection(
      on.request({ method: 'signPsbt', params: { psbt: 'cHNidP8BAAoCAAAAAAAAAAAAAA==', signInputs: { [STRANGER]: [0] } } }),
    )
    expect(stranger.code).toBe(4100)
    expect(stranger.message).toContain(STRANGER)
    expect(on.deps.walletRequest).not.toHaveBeenCalled()
  })
})

describe("the dapp's sendTransfer", () => {
  it('is planned from the UTXOs, signed by a Wallet Standard wallet (which sends no transfer itself) and lands', async () => {
    const devnet = await startBitcoinDevnet({ port: 0 })
    try {
      const network = devnet.caipNetworkId
      const page = devnetBitcoinPage(devnet.url)
      const description: ConnectorDescription = { id: 'ws:bip122:Devnet Wallet', type: 'ANNOUNCED', namespace: 'bip122', name: 'Devnet' }
      const { addresses } = await bip122Adapter.pageWallet.connect(page.standard, description, { requested: [network], rpcUrl: (id) => id })
      const request = createBitcoinDappProvider({
        connection: () => ({ addresses, caipNetworkId: network }),
        networks: () => ({ active: network, requested: [network] }),
        walletRequest: (method, params) =>
          bip122Adapter.pageWallet.request(page.standard, { caipNetworkId: network, address: addresses[0]!, method, params, description }),
        proxyRequest: devnetRest(devnet.url, network),
        requestAccounts: async () => [...addresses],
        awaitConnection: async () => undefined,
      })
      const to = scriptToBitcoinAddress(Uint8Array.of(0x00, 0x14, ...randomBytes(20)), network)!
      const { txid } = (await request({ method: 'sendTransfer', params: { recipients: [{ address: to, amount: 25_000 }] } })) as {
        txid: string
      }
      const sent = (await (await fetch(`${devnet.url}/tx/${txid}`)).json()) as { vout: { scriptpubkey_address: string; value: number }[] }
      expect(sent.vout).toContainEqual(expect.objectContaining({ scriptpubkey_address: to, value: 25_000 }))
      expect(page.calls.map((call) => call.method)).toContain('bitcoin:signTransaction')
    } finally {
      await devnet.stop()
    }
  })
})
