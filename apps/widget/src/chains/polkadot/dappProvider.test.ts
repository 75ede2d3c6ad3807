import { polkadotDevnet } from '@airlock/chains'
import { encodeSs58 } from '@airlock/chains/polkadot'
import { ProviderRpcError } from '@airlock/protocol'
import { describe, expect, it, vi } from 'vitest'
import { createPolkadotDappProvider } from './dappProvider'

const DEVNET = polkadotDevnet.caipNetworkId
const key = new Uint8Array(32).fill(1)
const ME = encodeSs58(key, 2)
const ME_GENERIC = encodeSs58(key, 42)
const STRANGER = encodeSs58(new Uint8Array(32).fill(2), 2)
const SIGNATURE = `0x01${'ab'.repeat(64)}`
const PAYLOAD = {
  address: ME_GENERIC,
  blockHash: `0x${'11'.repeat(32)}`,
  blockNumber: '0x00000010',
  era: '0x0500',
  genesisHash: `0x${'45'.repeat(32)}`,
  method: '0x0a03',
  nonce: '0x00000000',
  signedExtensions: ['CheckSpecVersion', 'CheckNonce'],
  specVersion: '0x00000384',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x00000001',
  version: 4,
}

function setup(connected: boolean, answer: unknown = { signature: SIGNATURE }) {
  let connection = connected ? { addresses: [ME], caipNetworkId: DEVNET } : undefined
  const deps = {
    connection: () => connection,
    networks: () => ({ active: DEVNET, requested: [DEVNET] }),
    walletRequest: vi.fn(async () => answer),
    proxyRequest: vi.fn(),
    requestAccounts: vi.fn(async () => {
      connection = { addresses: [ME], caipNetworkId: DEVNET }
      return [ME]
    }),
    awaitConnection: vi.fn(async (): Promise<unknown> => {
      throw new ProviderRpcError(4100, 'Not connected')
    }),
  }
  return { deps, request: createPolkadotDappProvider(deps) }
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (error: ProviderRpcError) => error.code,
  )

describe("the dapp's Polkadot provider", () => {
  it('refuses what is not a Polkadot method with 4200 and bad params with -32602, asking no wallet', async () => {
    const { deps, request } = setup(true)
    expect(await codeOf(request({ method: 'eth_accounts' }))).toBe(4200)
    expect(await codeOf(request({ method: 'polkadot_signMessage', params: { address: 'nope', message: 'hi' } }))).toBe(-32602)
    expect(
      await codeOf(request({ method: 'polkadot_signTransaction', params: { address: ME, transactionPayload: { method: '0x' } } })),
    ).toBe(-32602)
    expect(deps.walletRequest).not.toHaveBeenCalled()
  })

  it('lists the connected account without asking; polkadot_requestAccounts opens the modal when none is', async () => {
    const { deps, request } = setup(false)
    expect(await request({ method: 'polkadot_accounts' })).toEqual([])
    expect(deps.requestAccounts).not.toHaveBeenCalled()
    expect(await request({ method: 'polkadot_requestAccounts' })).toEqual([{ address: ME }])
    expect(deps.requestAccounts).toHaveBeenCalledOnce()
    expect(await request({ method: 'polkadot_accounts' })).toEqual([{ address: ME }])
  })

  it("signs for the connected account named in any SS58 format, sent on in the connection's", async () => {
    const { deps, request } = setup(true)
    expect(await request({ method: 'polkadot_signMessage', params: { address: ME_GENERIC, message: 'hello' } })).toEqual({
      signature: SIGNATURE,
    })
    expect(deps.walletRequest).toHaveBeenLastCalledWith('polkadot_signMessage', { address: ME, message: 'hello' })
    await request({ method: 'polkadot_signTransaction', params: { address: ME_GENERIC, transactionPayload: PAYLOAD } })
    expect(deps.walletRequest).toHaveBeenLastCalledWith('polkadot_signTransaction', {
      address: ME,
      transactionPayload: { ...PAYLOAD, address: ME },
    })
  })

  it("refuses another account (4100), a signing call with no wallet (4100), and a wallet's malformed answer", async () => {
    expect(await codeOf(setup(true).request({ method: 'polkadot_signMessage', params: { address: STRANGER, message: 'hi' } }))).toBe(4100)
    const idle = setup(false)
    expect(await codeOf(idle.request({ method: 'polkadot_signMessage', params: { address: ME, message: 'hi' } }))).toBe(4100)
    expect(idle.deps.awaitConnection).toHaveBeenCalledOnce()
    const malformed = setup(true, { signature: '<script>' })
    expect(await codeOf(malformed.request({ method: 'polkadot_signMessage', params: { address: ME, message: 'hi' } }))).toBe(-32603)
  })
})
