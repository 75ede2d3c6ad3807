// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { onHostConnected } from '../../host/connection'
import { createFakeHost, createTestContext, flush, TEST_ADDRESS, TEST_ADDRESS_2 } from '../../testing/fakeHost'
import { connectEvm } from '../../testing/session'
import { WALLET_CONNECT_CONNECTOR_ID, type WalletConnectClient } from './client'
import { handleWalletConnectEvent } from './connector'

/** A settled session as UniversalProvider holds it: only what the event handler reads. */
const clientWith = (accounts: string[]) =>
  ({ provider: { session: { namespaces: { eip155: { accounts } } } } }) as unknown as WalletConnectClient

describe("a WalletConnect wallet's chain change", () => {
  it('to a chain where the session holds another account moves account and network in one step', async () => {
    const host = createFakeHost({ connectors: [] })
    const ctx = createTestContext(host)
    onHostConnected(ctx, host.api)
    await flush()
    connectEvm(ctx.store, { address: TEST_ADDRESS, chainId: 31337, connectorId: WALLET_CONNECT_CONNECTOR_ID })
    host.events.length = 0
    const client = clientWith([`eip155:31337:${TEST_ADDRESS}`, `eip155:31338:${TEST_ADDRESS_2}`])
    await handleWalletConnectEvent(ctx, { type: 'sessionEvent', name: 'chainChanged', data: '0x7a6a', chainId: 'eip155:31338' }, client)
    // Never the new account on the old chain (a request then would go where the session has no account).
    expect(host.states().map((state) => state.caipAddress)).toEqual([`eip155:31338:${TEST_ADDRESS_2}`])
    expect(host.providerEvents()).toEqual([
      { event: 'accountsChanged', data: [TEST_ADDRESS_2] },
      { event: 'chainChanged', data: '0x7a6a' },
    ])
  })
})
