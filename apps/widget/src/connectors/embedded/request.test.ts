// @vitest-environment happy-dom
import { FrameErrorMessage, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import {
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  toHex,
  verifyMessage,
  verifyTypedData,
  type Hex,
  type TransactionSerialized,
} from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { onHostConnected } from '../../host/connection'
import { createWidgetMethods } from '../../host/widgetMethods'
import { createMemoryStorage } from '../../core/storage/safeStorage'
import { approvalQueueAtom } from './approvalAtoms'
import { secureSlotsAtom } from './surfaceAtoms'
import { openAtom } from '../../core/modal/atoms'
import { currentRouteAtom } from '../../core/router/atoms'
import { toastAtom } from '../../core/toast'
import { createFakeFrame, frameAccount, frameUser, LOGIN_CODE, FRAME_EMAIL } from '../../testing/fakeFrame'
import { createFakeHost, createTestContext, flush, TEST_ADDRESS_2 } from '../../testing/fakeHost'
import { answerInFrame, connectedEmbedded as connected, GWEI } from '../../testing/embeddedSession'
import { goBack } from '../../core/router/navigation'
import { submitEmail, submitEmailOtp } from './auth'
import { authRequest } from './request'
import { switchNetwork } from '../../features/networks/actions'
import { AUTH_CONNECTOR_ID } from './id'
import { connectionsAtom } from '../../core/session/atoms'
import { closeModal, openModal } from '../../core/modal/modal'
import { setOptions } from '../../core/options/options'
import { connectionAtom } from '../../core/session/active'

afterEach(() => vi.restoreAllMocks())

const ME = frameAccount.address

describe('embedded-wallet requests (SPEC section 6)', () => {
  it('accounts and chain from the widget state, without the frame or the node', async () => {
    const { call, frame, node } = await connected()
    await expect(call('eth_accounts')).resolves.toEqual([ME])
    await expect(call('eth_requestAccounts')).resolves.toEqual([ME])
    await expect(call('eth_chainId')).resolves.toBe('0x7a69')
    expect(frame.calls).toEqual([])
    expect(node.calls).toEqual([])
  })

  it('safe reads go to the RPC proxy on the connected chain, without asking the user', async () => {
    const { ctx, call, frame, node } = await connected()
    await expect(call('eth_getBalance', [ME, 'latest'])).resolves.toBe('0xde0b6b3a7640000')
    expect(node.calls).toEqual([{ chainId: 'eip155:31337', method: 'eth_getBalance', params: [ME, 'latest'] }])
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(frame.calls).toEqual([])
  })

  it("a disallowed method: 4200 'Requested RPC call is not allowed' and 'Action not allowed' on screen", async () => {
    const { ctx, call, frame } = await connected()
    await expect(call('eth_sign', [ME, '0x00'])).rejects.toMatchObject({
      code: RpcErrorCode.UnsupportedMethod,
      message: 'Requested RPC call is not allowed',
    })
    expect(ctx.store.get(toastAtom)).toMatchObject({ message: 'Action not allowed', variant: 'error' })
    expect(frame.calls).toEqual([])
  })

  it("another family's signing methods (Bitcoin's signMessage and signPsbt, solana_*) are not allowed on eip155", async () => {
    // Straight to the connector (the dapp's EIP-1193 provider refuses unknown names before it):
    // the frame's policy lists them as confirmation methods, the eip155 rules must not sign them.
    const { ctx, frame } = await connected()
    const call = (method: string, params: unknown) =>
      authRequest(ctx, { namespace: 'eip155', caipNetworkId: 'eip155:31337', address: ME, method, params })
    const requests: [string, unknown][] = [
      ['signMessage', { address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', message: 'hi' }],
      ['signPsbt', { psbt: 'cHNidP8BAAoCAAAAAAAAAAAAAAA=', signInputs: {} }],
      ['solana_signMessage', { message: '2', pubkey: '11111111111111111111111111111111' }],
    ]
    for (const [method, params] of requests) {
      ctx.store.set(toastAtom, undefined)
      await expect(call(method, params), method).rejects.toMatchObject({
        code: RpcErrorCode.UnsupportedMethod,
        message: 'Requested RPC call is not allowed',
      })
      expect(ctx.store.get(toastAtom), method).toMatchObject({ message: 'Action not allowed', variant: 'error' })
    }
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(frame.calls).toEqual([])
  })

  it('personal_sign: shown and approved in the frame over ApproveTransaction, signed by it, verified by viem', async () => {
    const { ctx, call, frame } = await connected()
    const message = toHex('Sign in to Demo')
    const signing = call('personal_sign', [message, ME])
    const pending = await answerInFrame(ctx, frame, true)
    expect(pending.request).toEqual({ method: 'personal_sign', params: [message, ME], caipNetworkId: 'eip155:31337', from: ME })
    const signature = (await signing) as Hex
    expect(await verifyMessage({ address: ME, message: 'Sign in to Demo', signature })).toBe(true)
    expect(frame.callsOf('rpcRequest')).toEqual([{ id: pending.id, method: 'personal_sign', params: [message, ME], chainId: 31337 }])
  })

  it('eth_signTypedData_v4: approved, signed, verified', async () => {
    const { ctx, call, frame } = await connected()
    const typed = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1', chainId: 31337 },
      message: { contents: 'Hello' },
    } as const
    const signing = call('eth_signTypedData_v4', [ME, JSON.stringify(typed)])
    await answerInFrame(ctx, frame, true)
    expect(await verifyTypedData({ address: ME, ...typed, signature: (await signing) as Hex })).toBe(true)
  })

  it('typed data for another chain and a request for another account are refused before the user is asked', async () => {
    const { ctx, call } = await connected()
    const typed = { types: { M: [] }, primaryType: 'M', domain: { chainId: 1 }, message: {} }
    await expect(call('eth_signTypedData_v4', [ME, JSON.stringify(typed)])).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    await expect(call('personal_sign', ['0x00', TEST_ADDRESS_2])).rejects.toMatchObject({ code: RpcErrorCode.Unauthorized })
    await expect(call('eth_sendTransaction', [{ to: '0x12', value: '0x1' }])).rejects.toMatchObject({ message: 'Address is invalid' })
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
  })

  it('eth_sendTransaction: filled through the proxy, shown filled by the frame, approved there, signed, broadcast; the dapp gets the hash', async () => {
    const { ctx, call, frame, node } = await connected()
    const sending = call('eth_sendTransaction', [{ from: ME, to: TEST_ADDRESS_2, value: '0x2386f26fc10000' }])
    // The frame is asked only once the transaction is filled: it shows (and signs) the whole of it.
    await vi.waitFor(() => expect(frame.confirmations).toHaveLength(1))
    expect(node.calls.map((c) => c.method)).not.toContain('eth_sendRawTransaction')
    await answerInFrame(ctx, frame, true)
    const hash = await sending
    const [signed] = frame.callsOf('rpcRequest') as { method: string; params: [Record<string, string>]; chainId: number }[]
    expect(signed!.params[0]).toEqual({
      from: ME,
      to: TEST_ADDRESS_2,
      value: '0x2386f26fc10000',
      nonce: '0x3',
      gas: toHex(25_200n),
      chainId: '0x7a69',
      type: '0x2',
      maxPriorityFeePerGas: toHex(GWEI),
      maxFeePerGas: toHex((GWEI * 12n) / 10n + GWEI),
    })
    const broadcast = node.calls.find((c) => c.method === 'eth_sendRawTransaction')!
    const raw = (broadcast.params as Hex[])[0]!
    expect(hash).toBe(keccak256(raw))
    const tx = parseTransaction(raw)
    expect(tx).toMatchObject({ chainId: 31337, nonce: 3, to: TEST_ADDRESS_2.toLowerCase(), value: 10_000_000_000_000_000n, gas: 25_200n })
    expect(await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized })).toBe(ME)
    expect(node.calls.map((c) => c.method)).toEqual([
      'eth_getTransactionCount',
      'eth_estimateGas',
      'eth_getBlockByNumber',
      'eth_maxPriorityFeePerGas',
      'eth_sendRawTransaction',
    ])
  })

  it('Reject in the frame answers 4001 to the dapp, and nothing is broadcast', async () => {
    const { ctx, call, frame, node } = await connected()
    const signing = call('personal_sign', ['0x68656c6c6f', ME])
    await answerInFrame(ctx, frame, false)
    await expect(signing).rejects.toMatchObject({ code: RpcErrorCode.UserRejected, message: 'User rejected the request.' })
    const sending = call('eth_sendTransaction', [{ to: TEST_ADDRESS_2 }])
    await answerInFrame(ctx, frame, false)
    await expect(sending).rejects.toMatchObject({ code: RpcErrorCode.UserRejected, message: 'User rejected the request.' })
    expect(node.calls.map((c) => c.method)).not.toContain('eth_sendRawTransaction')
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
  })

  it('asks the frame only once its slot is shown (the view may still be loading)', async () => {
    const { ctx, call, frame } = await connected()
    ctx.store.set(secureSlotsAtom, 0)
    const signing = call('personal_sign', ['0x68656c6c6f', ME])
    await vi.waitFor(() => expect(ctx.store.get(currentRouteAtom).name).toBe('ApproveTransaction'))
    await flush()
    expect(frame.callsOf('rpcRequest')).toEqual([])
    ctx.store.set(secureSlotsAtom, 1)
    await answerInFrame(ctx, frame, true)
    await expect(signing).resolves.toMatch(/^0x[0-9a-f]{130}$/)
  })

  it("leaving the view aborts the request in the frame; the dapp hears 4001 'User rejected the request.'", async () => {
    const { ctx, call, frame } = await connected()
    openModal(ctx)
    const signing = call('personal_sign', ['0x68656c6c6f', ME])
    await vi.waitFor(() => expect(frame.confirmations).toHaveLength(1))
    const [pending] = ctx.store.get(approvalQueueAtom)
    goBack(ctx)
    await expect(signing).rejects.toMatchObject({ code: RpcErrorCode.UserRejected, message: 'User rejected the request.' })
    expect(frame.callsOf('abortRpcRequest')).toEqual([{ id: pending!.id }])
    expect(frame.confirmations).toEqual([])
  })

  it('an error of the frame (not on screen, busy) reaches the dapp as it is', async () => {
    const { ctx, call, frame } = await connected()
    frame.methods.rpcRequest = () => {
      throw new ProviderRpcError(RpcErrorCode.Unauthorized, FrameErrorMessage.NotOnScreen)
    }
    await expect(call('personal_sign', ['0x68656c6c6f', ME])).rejects.toMatchObject({
      code: RpcErrorCode.Unauthorized,
      message: FrameErrorMessage.NotOnScreen,
    })
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
  })

  it('a modal opened for the request closes once it is answered; a modal the user had open stays', async () => {
    const { ctx, call, frame } = await connected()
    expect(ctx.store.get(openAtom)).toBe(false)
    const first = call('personal_sign', ['0x68656c6c6f', ME])
    await vi.waitFor(() => expect(ctx.store.get(openAtom)).toBe(true))
    await answerInFrame(ctx, frame, true)
    await first
    expect(ctx.store.get(openAtom)).toBe(false)
    openModal(ctx)
    const second = call('personal_sign', ['0x68656c6c6f', ME])
    await answerInFrame(ctx, frame, false)
    await expect(second).rejects.toMatchObject({ code: RpcErrorCode.UserRejected })
    expect(ctx.store.get(openAtom)).toBe(true)
    expect(ctx.store.get(currentRouteAtom).name).toBe('Account')
  })

  it("closing the modal aborts waiting requests ('Request was aborted') while a safe read in flight continues", async () => {
    const { ctx, call, frame, node } = await connected()
    let release!: () => void
    node.held.set('eth_getBalance', new Promise<void>((resolve) => (release = resolve)))
    const read = call('eth_getBalance', [ME, 'latest'])
    const signing = call('personal_sign', ['0x68656c6c6f', ME])
    const sending = call('eth_sendTransaction', [{ to: TEST_ADDRESS_2 }])
    await vi.waitFor(() => expect(ctx.store.get(approvalQueueAtom)).toHaveLength(2))
    await vi.waitFor(() => expect(frame.confirmations).toHaveLength(1))
    const [shown] = ctx.store.get(approvalQueueAtom)
    closeModal(ctx)
    await expect(signing).rejects.toMatchObject({ code: RpcErrorCode.UserRejected, message: FrameErrorMessage.RpcAborted })
    await expect(sending).rejects.toMatchObject({ code: RpcErrorCode.UserRejected, message: 'Request was aborted' })
    release()
    await expect(read).resolves.toBe('0xde0b6b3a7640000')
    // The shown one is withdrawn in the frame; the queued one never reached it.
    expect(frame.callsOf('abortRpcRequest')).toEqual([{ id: shown!.id }])
    expect(frame.callsOf('rpcRequest')).toHaveLength(1)
    expect(frame.confirmations).toEqual([])
    expect(node.calls.map((c) => c.method)).not.toContain('eth_sendRawTransaction')
  })

  it('wallet_switchEthereumChain goes through the frame; the dapp hears chainChanged; an unknown chain is 4902', async () => {
    const { ctx, call, frame, host } = await connected()
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).resolves.toBeNull()
    expect(frame.callsOf('switchNetwork')).toEqual([{ chainId: 31338 }])
    expect(ctx.store.get(connectionAtom).chainId).toBe(31338)
    expect(host.providerEvents()).toEqual([{ event: 'chainChanged', data: '0x7a6a' }])
    await expect(call('eth_chainId')).resolves.toBe('0x7a6a')
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x999999' }])).rejects.toMatchObject({
      code: RpcErrorCode.SwitchChainError,
    })
    await expect(call('wallet_addEthereumChain', [{ chainId: '0x7a69' }])).resolves.toBeNull()
  })
})

describe('the embedded wallet on Bitcoin (issue 25)', () => {
  const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
  const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
  const BTC_ME = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
  const BTC_MAINNET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

  async function connectedWithBitcoin(networks: string[]) {
    const host = createFakeHost({ connectors: [] })
    const frame = createFakeFrame()
    // The API's esplora pass-through: a broadcast (POST tx) is recorded and answered a txid.
    const posted: { path: string; body: string }[] = []
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const { pathname } = new URL(String(input))
      if (!pathname.startsWith('/v1/rest/')) return new Response('{}', { status: 404 })
      posted.push({ path: pathname, body: String(init?.body) })
      return new Response('cd'.repeat(32))
    }) as unknown as typeof globalThis.fetch
    const ctx = createTestContext(host, { storage: createMemoryStorage(), frame: frame.factory, fetch })
    onHostConnected(ctx, host.api)
    await flush()
    setOptions(ctx, { projectId: 'demo', networks })
    frame.methods.getUser = () => frameUser({ addresses: { eip155: ME, bip122: { [MAINNET]: BTC_MAINNET, [REGTEST]: BTC_ME } } })
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    ctx.store.set(secureSlotsAtom, 1)
    const { request } = createWidgetMethods(ctx)
    return { ctx, frame, request, posted }
  }

  it('a dapp asking for a Bitcoin network connects the account on its first one beside eip155; one that does not, none', async () => {
    const { ctx } = await connectedWithBitcoin(['eip155:31337', REGTEST, MAINNET])
    expect(ctx.store.get(connectionsAtom).bip122).toMatchObject({
      connectorId: AUTH_CONNECTOR_ID,
      addresses: [BTC_ME],
      caipNetworkId: REGTEST,
    })
    expect(ctx.store.get(connectionsAtom).eip155).toMatchObject({ addresses: [ME], caipNetworkId: 'eip155:31337' })
    const { ctx: evmOnly } = await connectedWithBitcoin(['eip155:31337'])
    expect(evmOnly.store.get(connectionsAtom).bip122).toBeUndefined()
  })

  it('getAddresses from the connection; signPsbt shown by the frame on the Bitcoin network, its answer to the dapp', async () => {
    const { ctx, frame, request, posted } = await connectedWithBitcoin(['eip155:31337', REGTEST])
    const call = (method: string, params?: unknown) => request({ namespace: 'bip122', method, params }) as Promise<unknown>
    await expect(call('getAddresses')).resolves.toEqual({ addresses: [{ address: BTC_ME, purpose: 'payment', addressType: 'p2wpkh' }] })
    expect(frame.callsOf('rpcRequest')).toEqual([])
    const psbt = 'cHNidP8BAAoCAAAAAAAAAAAAAAA='
    frame.methods.rpcRequest = (asked) => ({ psbt: (asked.params as { psbt: string }).psbt })
    const params = { psbt, signInputs: { [BTC_ME]: [0] } }
    await expect(call('signPsbt', params)).resolves.toEqual({ psbt })
    const [asked] = frame.callsOf('rpcRequest') as { id: string; method: string; params: unknown; chainId: unknown }[]
    expect(asked).toMatchObject({ method: 'signPsbt', params, chainId: REGTEST })
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(posted).toEqual([])
    // With broadcast, the widget broadcasts the transaction the frame signed through the API's esplora (the frame reaches no node).
    await expect(call('signPsbt', { ...params, broadcast: true })).resolves.toEqual({ psbt, txid: 'cd'.repeat(32) })
    expect(frame.callsOf('rpcRequest')).toHaveLength(2)
    expect(posted).toEqual([{ path: `/v1/rest/${REGTEST}/tx`, body: '02000000000000000000' }])
  })

  it('a switch to another Bitcoin network moves the account to its address there, in one step; one without an address is refused', async () => {
    const { ctx, frame } = await connectedWithBitcoin(['eip155:31337', REGTEST, MAINNET])
    await switchNetwork(ctx, MAINNET)
    expect(ctx.store.get(connectionsAtom).bip122).toMatchObject({ addresses: [BTC_MAINNET], caipNetworkId: MAINNET })
    await expect(switchNetwork(ctx, 'bip122:000000000933ea01ad0ee984209779ba')).rejects.toMatchObject({
      code: RpcErrorCode.SwitchChainError,
    })
    expect(ctx.store.get(connectionsAtom).bip122).toMatchObject({ addresses: [BTC_MAINNET], caipNetworkId: MAINNET })
    // The frame's eip155 chain is not touched by a Bitcoin switch.
    expect(frame.callsOf('switchNetwork')).toEqual([])
  })
})
