import { describe, expect, it, vi } from 'vitest'
import { createFakeHost, createTestContext, devnetWallet, TEST_ADDRESS, type WalletHandler } from '../../testing/fakeHost'
import { connectedAccount, isUserRejection, sendWalletTransaction, signPersonalMessage, waitForReceipt } from './walletTransaction'
import { connectEvm, clearSession } from '../../testing/session'
import { connectorsAtom } from '../../connectors/relayed/atoms'

const HASH = `0x${'ab'.repeat(32)}`

function setup(wallet: WalletHandler, fetch?: typeof globalThis.fetch) {
  const host = createFakeHost({ connectors: [devnetWallet], wallet })
  const ctx = createTestContext(host, fetch ? { fetch } : {})
  ctx.store.set(connectorsAtom, [devnetWallet])
  connectEvm(ctx.store, { address: TEST_ADDRESS, chainId: 31337, connectorId: devnetWallet.id })
  return { ctx, host }
}

describe("the modal's own wallet requests", () => {
  it('sends a transaction from the connected account through its connector, amounts in hex, no empty data', async () => {
    const { ctx, host } = setup(() => HASH)
    expect(await sendWalletTransaction(ctx, { to: TEST_ADDRESS, value: 10n ** 18n, data: '0x', gas: 21000n })).toBe(HASH)
    expect(host.walletCalls()).toEqual([
      {
        connectorId: devnetWallet.id,
        method: 'eth_sendTransaction',
        params: [{ from: TEST_ADDRESS, to: TEST_ADDRESS, value: '0xde0b6b3a7640000', gas: '0x5208' }],
      },
    ])
  })

  it('refuses a malformed hash from the wallet, and says so when nothing is connected', async () => {
    await expect(sendWalletTransaction(setup(() => '0x12').ctx, { to: TEST_ADDRESS })).rejects.toThrow(
      'The wallet returned a malformed transaction hash',
    )
    const { ctx } = setup(() => HASH)
    clearSession(ctx.store)
    expect(() => connectedAccount(ctx)).toThrow('No ActiveCaipAddress found')
  })

  it('personal_sign gets the UTF-8 message in hex and the account; a rejection reads as one', async () => {
    const signature = `0x${'cd'.repeat(65)}`
    const { ctx, host } = setup(() => signature)
    expect(await signPersonalMessage(ctx, 'hi ✓')).toBe(signature)
    expect(host.walletCalls()[0]).toMatchObject({ method: 'personal_sign', params: ['0x686920e29c93', TEST_ADDRESS] })
    const rejecting = setup(() => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    const error = await signPersonalMessage(rejecting.ctx, 'x').catch((e: unknown) => e)
    expect(isUserRejection(error)).toBe(true)
    expect(isUserRejection(new Error('other'))).toBe(false)
  })

  it('waits for the receipt through the RPC proxy and reports a revert', async () => {
    let polls = 0
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const { id } = JSON.parse(String(init?.body)) as { id: number }
      polls++
      const result = polls < 3 ? null : { status: '0x0', blockNumber: '0x2a' }
      return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), { headers: { 'content-type': 'application/json' } })
    })
    const { ctx } = setup(() => HASH, fetch as unknown as typeof globalThis.fetch)
    expect(await waitForReceipt(ctx, 'eip155:31337', HASH as `0x${string}`, { intervalMs: 1 })).toEqual({
      status: 'reverted',
      blockNumber: 42n,
    })
    expect(polls).toBe(3)
    await expect(
      waitForReceipt(setup(() => HASH).ctx, 'eip155:31337', HASH as `0x${string}`, { intervalMs: 1, timeoutMs: 5 }),
    ).rejects.toThrow('was not mined in time')
  })
})
