import { describe, expect, it } from 'vitest'
import { createFakeHost, createTestContext, TEST_ADDRESS } from '../../testing/fakeHost'
import { clearSession, connectEvm } from '../../testing/session'
import { connectedAccount } from './connectedAccount'

describe('connectedAccount', () => {
  it("answers the namespace's account and network, and says so when nothing is connected", () => {
    const ctx = createTestContext(createFakeHost())
    connectEvm(ctx.store, { address: TEST_ADDRESS, chainId: 31337, connectorId: 'injected' })
    expect(connectedAccount(ctx, 'eip155')).toEqual({ address: TEST_ADDRESS, caipNetworkId: 'eip155:31337' })
    expect(() => connectedAccount(ctx, 'solana')).toThrow('No ActiveCaipAddress found')
    clearSession(ctx.store)
    expect(() => connectedAccount(ctx, 'eip155')).toThrow('No ActiveCaipAddress found')
  })
})
