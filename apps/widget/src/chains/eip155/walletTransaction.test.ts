import { describe, expect, it, vi } from 'vitest'
import { createFakeHost, createTestContext, devnetWallet, TEST_ADDRESS, type WalletHandler } from '../../testing/fakeHost'
import { eip155Adapter } from '.'
import { waitForEip155Transaction } from './transfers'
import { connectEvm } from '../../testing/session'
import { connectorsAtom } from '../../connectors/relayed/atoms'

const HASH = `0x${'ab'.repeat(32)}`

function setup(wallet: WalletHandler, fetch?: typeof globalThis.fetch) {
  const host = createFakeHost({ connectors: [devnetWallet], wallet })
  const ctx = createTestContext(host, fetch ? { fetch } : {})
  ctx.store.set(connectorsAtom, [devnetWallet])
  connectEvm(ctx.store, { address: TEST_ADDRESS, chainId: 31337, connectorId: devnetWallet.id })
  const send = (method: string, params?: unknown) => ctx.wallet('eip155', method, params)
  return { ctx, host, send }
}

describe("the modal's own wallet requests", () => {
  it('sends a call from the connected account through its connector, amounts in hex, no empty data', async () => {
    const { host, send } = setup(() => HASH)
    expect(
      await eip155Adapter.sendCall(send, { from: TEST_ADDRESS, to: TEST_ADDRESS, value: 10n ** 18n, data: '0x', fee: { gas: 21000n } }),
    ).toBe(HASH)
    expect(host.walletCalls()).toEqual([
      {
        connectorId: devnetWallet.id,
        method: 'eth_sendTransaction',
        params: [{ from: TEST_ADDRESS, to: TEST_ADDRESS, value: '0xde0b6b3a7640000', gas: '0x5208' }],
      },
    ])
  })

  it('refuses a malformed hash from the wallet', async () => {
    await expect(eip155Adapter.sendCall(setup(() => '0x12').send, { from: TEST_ADDRESS, to: TEST_ADDRESS })).rejects.toThrow(
      'The wallet returned a malformed transaction hash',
    )
  })

  it('personal_sign gets the UTF-8 message in hex and the account; a rejection keeps its 4001', async () => {
    const signature = `0x${'cd'.repeat(65)}`
    const { host, send } = setup(() => signature)
    expect(await eip155Adapter.signMessage(send, TEST_ADDRESS, 'hi ✓')).toBe(signature)
    expect(host.walletCalls()[0]).toMatchObject({ method: 'personal_sign', params: ['0x686920e29c93', TEST_ADDRESS] })
    const rejecting = setup(() => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    await expect(eip155Adapter.signMessage(rejecting.send, TEST_ADDRESS, 'x')).rejects.toMatchObject({ code: 4001 })
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
    expect(await waitForEip155Transaction(ctx.api.rpc, 'eip155:31337', HASH, { intervalMs: 1 })).toBe('failed')
    expect(polls).toBe(3)
    await expect(
      waitForEip155Transaction(setup(() => HASH).ctx.api.rpc, 'eip155:31337', HASH, { intervalMs: 1, timeoutMs: 5 }),
    ).rejects.toThrow('was not mined in time')
  })
})
