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
import { createFakeFrame, frameAccount, frameUser, LOGIN_CODE, FRAME_EMAIL, type FakeFrame } from '../../testing/fakeFrame'
import { createFakeHost, createTestContext, flush, TEST_ADDRESS_2 } from '../../testing/fakeHost'
import { goBack } from '../../core/router/navigation'
import { setAuthPreferredAccount, submitEmail, submitEmailOtp } from './auth'
import { authUserAtom } from './atoms'
import { authRequest } from './request'
import { switchNetwork } from '../../features/networks/actions'
import { AUTH_CONNECTOR_ID } from './id'
import { connectionsAtom } from '../../core/session/atoms'
import { closeModal, openModal } from '../../core/modal/modal'
import { setOptions } from '../../core/options/options'
import { connectionAtom } from '../../core/session/active'

afterEach(() => vi.restoreAllMocks())

const ME = frameAccount.address
const GWEI = 1_000_000_000n

/** The api's RPC proxy in front of a chain: records every call; a test may hold one back. */
function fakeNode() {
  const calls: { chainId: string; method: string; params: unknown }[] = []
  const held = new Map<string, Promise<void>>()
  const answer = (method: string, params: unknown): unknown => {
    switch (method) {
      case 'eth_getBalance':
        return '0xde0b6b3a7640000'
      case 'eth_getTransactionCount':
        return '0x3'
      case 'eth_estimateGas':
        return toHex(21_000n)
      case 'eth_getBlockByNumber':
        return { number: '0x10', baseFeePerGas: toHex(GWEI) }
      case 'eth_maxPriorityFeePerGas':
        return toHex(GWEI)
      case 'eth_sendRawTransaction':
        return keccak256((params as Hex[])[0]!)
    }
    throw new Error(`unexpected ${method}`)
  }
  // The API's relay (/v1/relay/{chainId}): what it answers eth_getUserOperationReceipt, or a JSON-RPC error.
  const relay = {
    calls: [] as { chainId: string; projectId: string | null; method: string; params: unknown }[],
    answer: { result: null } as { result: unknown } | { error: { code: number; message: string } },
  }
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown }
    const json = (answered: object) =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...answered }), { headers: { 'content-type': 'application/json' } })
    if (url.pathname.startsWith('/v1/relay/')) {
      const chainId = url.pathname.slice('/v1/relay/'.length)
      relay.calls.push({ chainId, projectId: url.searchParams.get('projectId'), method: body.method, params: body.params })
      return json(relay.answer)
    }
    calls.push({ chainId: url.searchParams.get('chainId')!, method: body.method, params: body.params })
    await held.get(body.method)
    return json({ result: answer(body.method, body.params) })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, held, relay }
}

/** `smart`: the frame's smart-account networks; the login then prefers the smart account there (SPEC section 5). */
async function connected({ smart = [] as number[] } = {}) {
  const host = createFakeHost({ connectors: [] })
  const frame = createFakeFrame()
  frame.methods.getSmartAccountEnabledNetworks = () => ({ smartAccountEnabledNetworks: smart })
  frame.methods.setPreferredAccount = ({ type }) => ({ type, address: ME })
  const node = fakeNode()
  const ctx = createTestContext(host, { storage: createMemoryStorage(), frame: frame.factory, fetch: node.fetch })
  onHostConnected(ctx, host.api)
  await flush()
  setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337', 'eip155:31338'] })
  await submitEmail(ctx, FRAME_EMAIL)
  await submitEmailOtp(ctx, LOGIN_CODE)
  expect(ctx.store.get(connectionAtom).status).toBe('connected')
  // These tests render no views: the ApproveTransaction view's slot is taken as drawn.
  ctx.store.set(secureSlotsAtom, 1)
  frame.calls.length = 0
  host.events.length = 0
  const { request } = createWidgetMethods(ctx)
  const call = (method: string, params?: unknown) => request({ namespace: 'eip155', method, params }) as Promise<unknown>
  return { ctx, host, frame, node, call }
}

type Ctx = Awaited<ReturnType<typeof connected>>['ctx']

/** Waits for the next request to be shown by the frame (over the ApproveTransaction view), then answers it there as the user. */
async function answerInFrame(ctx: Ctx, frame: FakeFrame, approved: boolean) {
  await vi.waitFor(() => expect(frame.confirmations).toHaveLength(1))
  const [pending] = ctx.store.get(approvalQueueAtom)
  expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'ApproveTransaction', params: { requestId: pending!.id } })
  const [confirmation] = frame.confirmations
  expect(confirmation!.request.id).toBe(pending!.id)
  confirmation!.answer(approved)
  return pending!
}

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

describe('wallet_sendCalls from the smart account (EIP-5792, issue 27)', () => {
  const batch = (overrides: Record<string, unknown> = {}) => ({
    version: '2.0.0',
    from: ME,
    chainId: '0x7a69',
    atomicRequired: true,
    calls: [
      { to: TEST_ADDRESS_2, value: '0x1' },
      { to: TEST_ADDRESS_2, data: '0xa9059cbb' },
    ],
    ...overrides,
  })

  it("shown by the frame as the dapp sent it; the user operation's hash is the batch id", async () => {
    const { ctx, call, frame } = await connected({ smart: [31337] })
    expect(ctx.store.get(authUserAtom)?.preferredAccountType).toBe('smartAccount')
    const params = [batch()]
    const sending = call('wallet_sendCalls', params)
    const pending = await answerInFrame(ctx, frame, true)
    expect(pending.request).toEqual({ method: 'wallet_sendCalls', params, caipNetworkId: 'eip155:31337', from: ME })
    expect(await sending).toEqual({ id: keccak256(toHex(JSON.stringify(params))) })
    expect(frame.callsOf('rpcRequest')).toEqual([{ id: pending.id, method: 'wallet_sendCalls', params, chainId: 31337 }])
  })

  it('a batch the dapp names gets its own id back; the same id again is 5720', async () => {
    const { ctx, call, frame } = await connected({ smart: [31337] })
    const sending = call('wallet_sendCalls', [batch({ id: 'order-1' })])
    await answerInFrame(ctx, frame, true)
    await expect(sending).resolves.toEqual({ id: 'order-1' })
    await expect(call('wallet_sendCalls', [batch({ id: 'order-1' })])).rejects.toMatchObject({
      code: 5720,
      message: 'A batch with id "order-1" was already sent',
    })
  })

  it('refused before the user is asked: another account, another chain, malformed params, too many calls', async () => {
    const { ctx, call, frame } = await connected({ smart: [31337] })
    await expect(call('wallet_sendCalls', [batch({ from: TEST_ADDRESS_2 })])).rejects.toMatchObject({ code: RpcErrorCode.Unauthorized })
    await expect(call('wallet_sendCalls', [batch({ chainId: '0x7a6a' })])).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
      message: 'Provided chainId "0x7a6a" must match the active chainId "31337"',
    })
    await expect(call('wallet_sendCalls', [batch({ calls: [{ data: '0x' }] })])).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
      message: expect.stringMatching(/^Invalid wallet_sendCalls params at 0\.calls\.0\.to: /),
    })
    await expect(call('wallet_sendCalls', [batch({ version: undefined })])).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    const calls = Array.from({ length: 101 }, () => ({ to: TEST_ADDRESS_2 }))
    await expect(call('wallet_sendCalls', [batch({ calls })])).rejects.toMatchObject({
      code: 5740,
      message: 'A batch holds at most 100 calls',
    })
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(frame.callsOf('rpcRequest')).toEqual([])
  })

  it('on a chain without smart accounts: 5710; from the EOA: 5750 when atomicity is required, else 4200', async () => {
    const { ctx, call, frame } = await connected({ smart: [31338] })
    await expect(call('wallet_sendCalls', [batch()])).rejects.toMatchObject({
      code: 5710,
      message: 'Smart accounts are not available on chain 31337: wallet_sendCalls needs one',
    })
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).resolves.toBeNull()
    await setAuthPreferredAccount(ctx, 'eoa')
    await expect(call('wallet_sendCalls', [batch({ chainId: '0x7a6a' })])).rejects.toMatchObject({
      code: 5750,
      message: 'The account is an EOA: switch to the smart account in the Account view to send calls atomically',
    })
    await expect(call('wallet_sendCalls', [batch({ chainId: '0x7a6a', atomicRequired: false })])).rejects.toMatchObject({
      code: RpcErrorCode.UnsupportedMethod,
      message: 'wallet_sendCalls needs the smart account: switch to it in the Account view',
    })
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(frame.callsOf('rpcRequest')).toEqual([])
  })

  it("a malformed answer of the frame is -32603 'The secure frame returned a malformed batch id'", async () => {
    const { ctx, call, frame } = await connected({ smart: [31337] })
    frame.methods.rpcRequest = () => ({ id: 'not-a-hash' })
    await expect(call('wallet_sendCalls', [batch()])).rejects.toMatchObject({
      code: RpcErrorCode.InternalError,
      message: 'The secure frame returned a malformed batch id',
    })
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
  })
})

describe('wallet_getCapabilities of the embedded wallet (EIP-5792, issue 27)', () => {
  it("per smart-account network: atomic 'ready' until the account is delegated, then 'supported', and a paymaster", async () => {
    const { call, frame, node } = await connected({ smart: [31337, 31338] })
    await expect(call('wallet_getCapabilities', [ME])).resolves.toEqual({
      '0x7a69': { atomic: { status: 'ready' }, paymasterService: { supported: true } },
      '0x7a6a': { atomic: { status: 'ready' }, paymasterService: { supported: true } },
    })
    // The frame reads the account's code on the active chain again (its getUser, the preference left alone).
    expect(frame.callsOf('getUser')).toEqual([{ chainId: 31337 }])
    frame.methods.getUser = ({ chainId }) => frameUser({ chainId, smartAccountDeployed: true })
    await expect(call('wallet_getCapabilities', [ME, ['0x7a69', '0x7a6a', '0x1']])).resolves.toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      // Another chain's delegation is not read from here: 'ready' holds either way (the frame delegates only an account that is not).
      '0x7a6a': { atomic: { status: 'ready' }, paymasterService: { supported: true } },
      '0x1': { atomic: { status: 'unsupported' } },
    })
    expect(node.calls).toEqual([])
  })

  it("from the EOA, or without smart-account networks: atomic 'unsupported' and no paymaster; another account is 4100", async () => {
    const { ctx, call, frame } = await connected({ smart: [31337] })
    await expect(call('wallet_getCapabilities', [TEST_ADDRESS_2])).rejects.toMatchObject({ code: RpcErrorCode.Unauthorized })
    await expect(call('wallet_getCapabilities', [ME, ['0x7a6z']])).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    await setAuthPreferredAccount(ctx, 'eoa')
    await expect(call('wallet_getCapabilities', [ME, ['0x7a69']])).resolves.toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    await expect(call('wallet_getCapabilities', [ME])).resolves.toEqual({})
    expect(frame.callsOf('getUser')).toEqual([])
    const { call: none } = await connected()
    await expect(none('wallet_getCapabilities')).resolves.toEqual({})
  })

  it('a frame that cannot read the delegation leaves the active chain ready', async () => {
    const { call, frame } = await connected({ smart: [31337] })
    frame.methods.getUser = () => {
      throw new Error('the node is down')
    }
    await expect(call('wallet_getCapabilities', [ME])).resolves.toEqual({
      '0x7a69': { atomic: { status: 'ready' }, paymasterService: { supported: true } },
    })
  })
})

describe('wallet_getCallsStatus and wallet_showCallsStatus of the embedded wallet (EIP-5792, issue 27)', () => {
  const BLOCK_HASH = `0x${'bb'.repeat(32)}`
  const TX_HASH = `0x${'cc'.repeat(32)}`
  const transferLog = {
    address: TEST_ADDRESS_2.toLowerCase(),
    topics: [`0x${'dd'.repeat(32)}`],
    data: '0x01',
    // What the node adds to a log, which a batch's receipt does not carry.
    blockNumber: '0x12',
    logIndex: '0x0',
    removed: false,
  }
  /** ERC-4337's receipt as the API's relay answers it (the node's own transaction receipt inside). */
  const receipt = (userOpHash: string, success: boolean) => ({
    userOpHash,
    entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
    sender: ME,
    nonce: '0x0',
    actualGasCost: '0x100',
    actualGasUsed: '0x80',
    success,
    logs: success ? [transferLog] : [],
    receipt: { transactionHash: TX_HASH, blockHash: BLOCK_HASH, blockNumber: '0x12', gasUsed: '0x2a0f1', status: '0x1', logs: [] },
  })
  const request = (overrides: Record<string, unknown> = {}) => [
    { version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: TEST_ADDRESS_2, value: '0x1' }], ...overrides },
  ]

  async function sent(overrides: Record<string, unknown> = {}) {
    const session = await connected({ smart: [31337] })
    const sending = session.call('wallet_sendCalls', request(overrides))
    await answerInFrame(session.ctx, session.frame, true)
    const { id } = (await sending) as { id: string }
    return { ...session, id, userOpHash: keccak256(toHex(JSON.stringify(request(overrides)))) }
  }

  it('pending (100) until the relay has a receipt; then 200 with the receipt of the calls, atomic', async () => {
    const { call, node, id, userOpHash } = await sent()
    expect(id).toBe(userOpHash)
    await expect(call('wallet_getCallsStatus', [id])).resolves.toEqual({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      status: 100,
      atomic: true,
    })
    expect(node.relay.calls).toEqual([{ chainId: '31337', projectId: 'demo', method: 'eth_getUserOperationReceipt', params: [userOpHash] }])
    node.relay.answer = { result: receipt(userOpHash, true) }
    await expect(call('wallet_getCallsStatus', [id])).resolves.toEqual({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      status: 200,
      atomic: true,
      receipts: [
        {
          logs: [{ address: TEST_ADDRESS_2.toLowerCase(), topics: [`0x${'dd'.repeat(32)}`], data: '0x01' }],
          status: '0x1',
          blockHash: BLOCK_HASH,
          blockNumber: '0x12',
          gasUsed: '0x2a0f1',
          transactionHash: TX_HASH,
        },
      ],
    })
  })

  it('calls that reverted are 500 (the whole batch: it is one operation)', async () => {
    const { call, node, id, userOpHash } = await sent()
    node.relay.answer = { result: receipt(userOpHash, false) }
    await expect(call('wallet_getCallsStatus', [id])).resolves.toMatchObject({
      status: 500,
      atomic: true,
      receipts: [{ status: '0x0', logs: [] }],
    })
  })

  it("a batch the dapp named is asked on its own chain after a switch; an id that is no batch is 5730 'Unknown bundle id'", async () => {
    const { call, node, userOpHash } = await sent({ id: 'order-1' })
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).resolves.toBeNull()
    await expect(call('wallet_getCallsStatus', ['order-1'])).resolves.toMatchObject({ id: 'order-1', chainId: '0x7a69', status: 100 })
    expect(node.relay.calls.map((c) => [c.chainId, c.params])).toEqual([['31337', [userOpHash]]])
    await expect(call('wallet_getCallsStatus', ['order-2'])).rejects.toMatchObject({ code: 5730, message: 'Unknown bundle id' })
    await expect(call('wallet_showCallsStatus', ['order-2'])).rejects.toMatchObject({ code: 5730, message: 'Unknown bundle id' })
    await expect(call('wallet_getCallsStatus', [])).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    // A hash this session did not send (the page reloaded since): the relay of the active chain is asked.
    const other = `0x${'ee'.repeat(32)}`
    await expect(call('wallet_getCallsStatus', [other])).resolves.toMatchObject({ id: other, chainId: '0x7a6a', status: 100 })
    expect(node.relay.calls.at(-1)).toMatchObject({ chainId: '31338', params: [other] })
  })

  it("the relay's refusal reaches the dapp as it came; a malformed receipt (or another operation's) is -32603", async () => {
    const { call, node, id, userOpHash } = await sent()
    node.relay.answer = { error: { code: -32602, message: 'Invalid params' } }
    await expect(call('wallet_getCallsStatus', [id])).rejects.toMatchObject({ code: -32602, message: 'Invalid params' })
    for (const result of [{ ...receipt(userOpHash, true), success: 'yes' }, receipt(`0x${'ee'.repeat(32)}`, true), []]) {
      node.relay.answer = { result }
      await expect(call('wallet_getCallsStatus', [id])).rejects.toMatchObject({
        code: RpcErrorCode.InternalError,
        message: 'The relay returned a malformed user operation receipt',
      })
    }
  })

  it('wallet_showCallsStatus opens the modal on the Activity view (on Account without the history) and answers null', async () => {
    const { ctx, call, id } = await sent()
    await vi.waitFor(() => expect(ctx.store.get(openAtom)).toBe(false))
    await expect(call('wallet_showCallsStatus', [id])).resolves.toBeNull()
    expect(ctx.store.get(openAtom)).toBe(true)
    expect(ctx.store.get(currentRouteAtom)).toEqual({ name: 'Transactions' })
    goBack(ctx)
    expect(ctx.store.get(currentRouteAtom).name).toBe('Account')
    closeModal(ctx)
    setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337', 'eip155:31338'], features: { history: false } })
    await expect(call('wallet_showCallsStatus', [id])).resolves.toBeNull()
    expect(ctx.store.get(currentRouteAtom).name).toBe('Account')
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
