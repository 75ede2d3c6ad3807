import { afterEach, describe, expect, it, vi } from 'vitest'
import { swapAtom, INITIAL_SWAP_STATE, type SwapState } from './store'
import { createFakeHost, createTestContext, TEST_ADDRESS } from '../../testing/fakeHost'
import { confirmSwap } from './actions'
import { eip155Adapter } from '../../chains/eip155'
import { connectEvm } from '../../testing/session'

/**
 * Nothing is sent twice: a transaction whose receipt could not be read (the RPC proxy down past
 * the wait) is waited for again on the retry, not sent again.
 */
const sendCall = vi.fn<typeof eip155Adapter.sendCall>()
const waitForTransaction = vi.fn<typeof eip155Adapter.waitForTransaction>()
vi.mock('../../chains/registry', () => ({
  loadChainAdapter: () => Promise.resolve({ ...eip155Adapter, sendCall, waitForTransaction }),
}))

afterEach(() => vi.clearAllMocks())

const CHAIN = 'eip155:31337'
const HASH = `0x${'ab'.repeat(32)}` as const
const token = (symbol: string, address: string, decimals: number) => ({
  name: symbol,
  symbol,
  address: `${CHAIN}:${address}`,
  decimals,
  logoUri: '',
  eip2612: false,
})
const USDC = token('USDC', '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58', 6)
const DAI = token('DAI', '0xE481149120FF09958c38Cb236202741a1ffa28a3', 18)
const tx = { to: '0x0000000000000000000000000000000000000002' as const, data: '0x01' as const, value: 0n, gasPrice: 1n }

function setup(state: Partial<SwapState>) {
  const ctx = createTestContext(createFakeHost())
  connectEvm(ctx.store, { address: TEST_ADDRESS, chainId: 31337, connectorId: 'injected' })
  ctx.store.set(swapAtom, {
    ...INITIAL_SWAP_STATE,
    status: 'initialized',
    caipNetworkId: CHAIN,
    sourceToken: USDC,
    toToken: DAI,
    sourceTokenAmount: '1',
    ...state,
  })
  return ctx
}

describe('confirmSwap retries', () => {
  it('a swap whose wait failed is waited for again, not sent again', async () => {
    const ctx = setup({ swapTransaction: { ...tx, gas: 1n, toAmount: 10n ** 18n } })
    sendCall.mockResolvedValue(HASH)
    waitForTransaction.mockRejectedValueOnce(new Error('Transaction was not mined in time'))
    await confirmSwap(ctx)
    expect(sendCall).toHaveBeenCalledTimes(1)
    expect(ctx.store.get(swapAtom).pendingSwapHash).toBe(HASH)
    expect(ctx.store.get(swapAtom).transactionError).toBe('Transaction error')

    ctx.store.set(swapAtom, { ...ctx.store.get(swapAtom), swapTransaction: { ...tx, gas: 1n, toAmount: 10n ** 18n } })
    waitForTransaction.mockResolvedValueOnce('success')
    await confirmSwap(ctx)
    expect(sendCall).toHaveBeenCalledTimes(1)
    expect(waitForTransaction).toHaveBeenLastCalledWith(ctx.api.rpc, CHAIN, HASH)
    expect(ctx.store.get(swapAtom).status).toBe('uninitialized')
  })

  it('an approval whose wait failed is waited for again, not approved twice', async () => {
    const ctx = setup({ approvalTransaction: tx })
    sendCall.mockResolvedValue(HASH)
    waitForTransaction.mockRejectedValueOnce(new Error('Transaction was not mined in time'))
    await confirmSwap(ctx)
    expect(ctx.store.get(swapAtom).pendingApprovalHash).toBe(HASH)

    ctx.store.set(swapAtom, { ...ctx.store.get(swapAtom), approvalTransaction: tx })
    waitForTransaction.mockResolvedValueOnce('success')
    await confirmSwap(ctx)
    expect(sendCall).toHaveBeenCalledTimes(1)
    expect(ctx.store.get(swapAtom).pendingApprovalHash).toBeUndefined()
  })

  it('a second confirm while one is in the wallet does nothing', async () => {
    const ctx = setup({ swapTransaction: { ...tx, gas: 1n, toAmount: 10n ** 18n } })
    sendCall.mockReturnValue(new Promise(() => {}))
    void confirmSwap(ctx)
    void confirmSwap(ctx)
    await vi.waitFor(() => expect(sendCall).toHaveBeenCalledTimes(1))
    expect(ctx.store.get(swapAtom).sending).toBe('swap')
  })
})
