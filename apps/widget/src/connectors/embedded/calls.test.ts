// @vitest-environment happy-dom
import { RpcErrorCode } from '@airlock/protocol'
import { keccak256, toHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { approvalQueueAtom } from './approvalAtoms'
import { authUserAtom } from './atoms'
import { setAuthPreferredAccount } from './auth'
import { openAtom } from '../../core/modal/atoms'
import { closeModal } from '../../core/modal/modal'
import { setOptions } from '../../core/options/options'
import { currentRouteAtom } from '../../core/router/atoms'
import { goBack } from '../../core/router/navigation'
import { answerInFrame, connectedEmbedded } from '../../testing/embeddedSession'
import { frameAccount, frameUser } from '../../testing/fakeFrame'
import { TEST_ADDRESS_2 } from '../../testing/fakeHost'

/** EIP-5792 from the embedded wallet (issue 27): its smart account's batches, as the dapp asks for them. */

afterEach(() => vi.restoreAllMocks())

const ME = frameAccount.address

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
    const { ctx, call, frame } = await connectedEmbedded({ smart: [31337] })
    expect(ctx.store.get(authUserAtom)?.preferredAccountType).toBe('smartAccount')
    const params = [batch()]
    const sending = call('wallet_sendCalls', params)
    const pending = await answerInFrame(ctx, frame, true)
    expect(pending.request).toEqual({ method: 'wallet_sendCalls', params, caipNetworkId: 'eip155:31337', from: ME })
    expect(await sending).toEqual({ id: keccak256(toHex(JSON.stringify(params))) })
    expect(frame.callsOf('rpcRequest')).toEqual([{ id: pending.id, method: 'wallet_sendCalls', params, chainId: 31337 }])
  })

  it('a batch the dapp names gets its own id back; the same id again is 5720', async () => {
    const { ctx, call, frame } = await connectedEmbedded({ smart: [31337] })
    const sending = call('wallet_sendCalls', [batch({ id: 'order-1' })])
    await answerInFrame(ctx, frame, true)
    await expect(sending).resolves.toEqual({ id: 'order-1' })
    await expect(call('wallet_sendCalls', [batch({ id: 'order-1' })])).rejects.toMatchObject({
      code: 5720,
      message: 'A batch with id "order-1" was already sent',
    })
  })

  it('refused before the user is asked: another account, another chain, malformed params, too many calls', async () => {
    const { ctx, call, frame } = await connectedEmbedded({ smart: [31337] })
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

  it('on a chain without smart accounts: 5710; from the EOA: 5760 when atomicity is required, else 4200', async () => {
    const { ctx, call, frame } = await connectedEmbedded({ smart: [31338] })
    await expect(call('wallet_sendCalls', [batch()])).rejects.toMatchObject({
      code: 5710,
      message: 'Smart accounts are not available on chain 31337: wallet_sendCalls needs one',
    })
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).resolves.toBeNull()
    await setAuthPreferredAccount(ctx, 'eoa')
    await expect(call('wallet_sendCalls', [batch({ chainId: '0x7a6a' })])).rejects.toMatchObject({
      code: 5760,
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
    const { ctx, call, frame } = await connectedEmbedded({ smart: [31337] })
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
    const { call, frame, node } = await connectedEmbedded({ smart: [31337, 31338] })
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
    const { ctx, call, frame } = await connectedEmbedded({ smart: [31337] })
    await expect(call('wallet_getCapabilities', [TEST_ADDRESS_2])).rejects.toMatchObject({ code: RpcErrorCode.Unauthorized })
    await expect(call('wallet_getCapabilities', [ME, ['0x7a6z']])).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    await setAuthPreferredAccount(ctx, 'eoa')
    await expect(call('wallet_getCapabilities', [ME, ['0x7a69']])).resolves.toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    await expect(call('wallet_getCapabilities', [ME])).resolves.toEqual({})
    expect(frame.callsOf('getUser')).toEqual([])
    const { call: none } = await connectedEmbedded()
    await expect(none('wallet_getCapabilities')).resolves.toEqual({})
  })

  it('a frame that cannot read the delegation leaves the active chain ready', async () => {
    const { call, frame } = await connectedEmbedded({ smart: [31337] })
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
    const session = await connectedEmbedded({ smart: [31337] })
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
