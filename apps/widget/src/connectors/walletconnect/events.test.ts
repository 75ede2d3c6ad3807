// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { onHostConnected } from '../../host/connection'
import { createFakeHost, createTestContext, flush, TEST_ADDRESS, TEST_ADDRESS_2 } from '../../testing/fakeHost'
import { connectionsAtom } from '../../core/session/atoms'
import { addConnection, connectEvm } from '../../testing/session'
import { WALLET_CONNECT_CONNECTOR_ID, type WalletConnectClient } from './client'
import { handleWalletConnectEvent } from './connector'

/** A settled session as UniversalProvider holds it: only what the event handler reads. */
const clientWith = (accounts: string[], namespace = 'eip155') =>
  ({ provider: { session: { namespaces: { [namespace]: { accounts } } } } }) as unknown as WalletConnectClient

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

describe("a WalletConnect Bitcoin wallet's address change", () => {
  const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
  const PAYMENT = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk'
  const OTHER = 'bcrt1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'
  const STRANGER = 'bcrt1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el'

  async function bitcoinSession() {
    const host = createFakeHost({ connectors: [] })
    const ctx = createTestContext(host)
    onHostConnected(ctx, host.api)
    await flush()
    addConnection(ctx.store, {
      namespace: 'bip122',
      addresses: [PAYMENT],
      caipNetworkId: REGTEST,
      connectorId: WALLET_CONNECT_CONNECTOR_ID,
    })
    const client = clientWith([`${REGTEST}:${PAYMENT}`, `${REGTEST}:${OTHER}`], 'bip122')
    return { ctx, client }
  }
  const addresses = (ctx: Awaited<ReturnType<typeof bitcoinSession>>['ctx']) => ctx.store.get(connectionsAtom).bip122?.addresses

  it('bip122_addressesChanged moves the connection to the payment address the session approved', async () => {
    const { ctx, client } = await bitcoinSession()
    const data = [
      { address: OTHER, intention: 'ordinal' },
      { address: OTHER, intention: 'payment' },
    ]
    await handleWalletConnectEvent(ctx, { type: 'sessionEvent', name: 'bip122_addressesChanged', data, chainId: REGTEST }, client)
    expect(addresses(ctx)).toEqual([OTHER])
  })

  it('keeps the connection when the event names no payment address (an ordinals address is no account)', async () => {
    const { ctx, client } = await bitcoinSession()
    const data = [{ address: OTHER, intention: 'ordinal' }]
    await handleWalletConnectEvent(ctx, { type: 'sessionEvent', name: 'bip122_addressesChanged', data, chainId: REGTEST }, client)
    expect(addresses(ctx)).toEqual([PAYMENT])
  })

  it('ignores an address the session did not approve, and a malformed event', async () => {
    const { ctx, client } = await bitcoinSession()
    const event = (data: unknown) => ({ type: 'sessionEvent' as const, name: 'bip122_addressesChanged', data, chainId: REGTEST })
    await handleWalletConnectEvent(ctx, event([{ address: STRANGER, intention: 'payment' }]), client)
    await handleWalletConnectEvent(ctx, event('not a list'), client)
    expect(addresses(ctx)).toEqual([PAYMENT])
  })
})
