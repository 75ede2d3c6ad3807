import { polkadotDevnet } from '@airlock/chains'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot/accounts'
import { DEVNET_TRANSFER_PAYLOAD, genericAddress, signsPayload, signsWrappedBytes } from '@airlock/devnet/wallet/polkadot-payload'
import type { ConnectorDescription } from '@airlock/protocol'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { polkadotPageWallet } from './pageWallet'
import { devnetPolkadotPage } from './testing'

const DEVNET = polkadotDevnet.caipNetworkId
const [first, second] = polkadotDevnetAccounts
const description: ConnectorDescription = { id: 'pjs:airlock-devnet', type: 'ANNOUNCED', namespace: 'polkadot', name: 'airlock-devnet' }
const networks = { requested: ['eip155:1', DEVNET], rpcUrl: (id: string) => id, dappName: 'Polkadot dapp' }

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (error: { code: number }) => error.code,
  )

describe('a Polkadot extension of the page (the devnet extension, signing as polkadot-js does)', () => {
  beforeAll(() => cryptoWaitReady())

  it("enables the extension with the dapp's name on connect and writes its account in the network's format", async () => {
    const { call, calls } = devnetPolkadotPage()
    expect(await polkadotPageWallet.connect(call, description, networks)).toEqual({
      namespace: 'polkadot',
      addresses: [first!.address],
      caipNetworkId: DEVNET,
    })
    expect(calls).toEqual([{ method: 'enable', params: { originName: 'Polkadot dapp' } }])
  })

  it("signs a message as <Bytes>-wrapped bytes and a transaction payload, each verified for the account's key", async () => {
    const { call, calls } = devnetPolkadotPage()
    await polkadotPageWallet.connect(call, description, networks)
    const request = (method: string, params: unknown) =>
      polkadotPageWallet.request(call, { caipNetworkId: DEVNET, address: first!.address, method, params, description })

    const message = (await request('polkadot_signMessage', { address: genericAddress(first!.publicKey), message: 'Sign in' })) as {
      signature: string
    }
    expect(calls.at(-1)).toEqual({ method: 'signer.signRaw', params: { address: first!.address, data: '0x5369676e20696e', type: 'bytes' } })
    expect(signsWrappedBytes('Sign in', message.signature, first!.publicKey)).toBe(true)

    const { signature } = (await request('polkadot_signTransaction', {
      address: first!.address,
      transactionPayload: DEVNET_TRANSFER_PAYLOAD,
    })) as {
      signature: string
    }
    expect(signsPayload(DEVNET_TRANSFER_PAYLOAD, signature, first!.publicKey)).toBe(true)
  })

  it("gives the user's no as 4001 and refuses bad params (-32602) and other methods (4200) before the extension sees them", async () => {
    const { polkadot, call, calls } = devnetPolkadotPage()
    await polkadotPageWallet.connect(call, description, networks)
    const request = (method: string, params: unknown) =>
      polkadotPageWallet.request(call, { caipNetworkId: DEVNET, address: first!.address, method, params, description })
    polkadot.devnet.rejectNext()
    expect(await codeOf(request('polkadot_signMessage', { address: first!.address, message: 'no' }))).toBe(4001)
    const asked = calls.length
    expect(await codeOf(request('polkadot_signTransaction', { address: first!.address, transactionPayload: { method: '0x' } }))).toBe(
      -32602,
    )
    expect(await codeOf(request('eth_sendTransaction', []))).toBe(4200)
    expect(calls.length).toBe(asked)
  })

  it("reads the extension's account change in the connection's network format; no account left is a disconnect", () => {
    const current = { caipNetworkId: DEVNET }
    expect(polkadotPageWallet.readEvent('accountsChanged', [{ address: genericAddress(second!.publicKey) }], current)).toEqual({
      addresses: [second!.address],
    })
    expect(polkadotPageWallet.readEvent('accountsChanged', [], current)).toEqual({ disconnected: true })
    expect(polkadotPageWallet.readEvent('accountsChanged', 'nope', current)).toBeUndefined()
  })
})
