import { bitcoinDevnetAccounts } from '@airlock/devnet/bitcoin/accounts'
import { ProviderRpcError } from '@airlock/protocol'
import { describe, expect, it, vi } from 'vitest'
import { createBitcoinDappProvider } from './dappProvider'

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
    proxyRequest: vi.fn(),
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
