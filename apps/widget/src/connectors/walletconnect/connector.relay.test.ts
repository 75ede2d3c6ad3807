import { startRelay, type Relay } from '@airlock/devnet'
import { createReferenceWallet, type ReferenceWallet } from '@airlock/devnet/wc-wallet'
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { loadWalletConnect, WALLET_CONNECT_CONNECTOR_ID } from './client'
import type { WidgetContext } from '../../core/context'
import { unsupportedChainAtom } from '../../core/network/atoms'
import { wcPairingAtom } from './atoms'
import { createFakeHost, TEST_CONFIG } from '../../testing/fakeHost'
import { createWidgetContext } from '../../core/context'
import { walletRequest } from '../request'
import { createMemoryStorage } from '../../core/storage/safeStorage'
import { setOptions } from '../../core/options/options'
import { connect } from '../connect'
import { disconnect } from '../disconnect'
import { handleWalletConnectEvent, WC_ERRORS } from './connector'
import { connectorFor } from '../registry'
import { connectionAtom } from '../../core/session/active'
import { moveEvmChain } from '../../testing/session'

/** The widget's WalletConnect connector against the devnet relay and the reference wallet (both real). */

// A page has one widget; this process runs several, each with its own Core (WalletConnect would share one).
process.env.DISABLE_GLOBAL_CORE = 'true'
const started: Array<{ stop(): Promise<void> }> = []
afterEach(async () => {
  await Promise.allSettled(started.splice(0).map((s) => s.stop()))
})

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function relayOn(port: number): Promise<Relay> {
  const relay = await startRelay({ port })
  started.push(relay)
  return relay
}

function widgetFor(relayUrl: string, networks: string[]): WidgetContext {
  const ctx = createWidgetContext({
    config: { ...TEST_CONFIG, relayUrl },
    walletRequest,
    host: createFakeHost().api,
    storage: createMemoryStorage(),
  })
  setOptions(ctx, { projectId: 'demo', networks })
  started.push({ stop: async () => void (await loadWalletConnect(ctx)).provider.client.core.relayer.transportClose().catch(() => {}) })
  return ctx
}

async function phoneOn(relayUrl: string): Promise<ReferenceWallet> {
  // No chain RPC is used by these tests: the phone only approves sessions.
  const wallet = await createReferenceWallet({
    relayUrl,
    projectId: 'demo',
    rpcUrls: { 31337: 'http://127.0.0.1:9', 31338: 'http://127.0.0.1:9' },
    mode: 'manual',
  })
  started.push(wallet)
  return wallet
}

async function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Pairs `ctx` with `phone` through the widget's own connect action; the phone approves `chains`. */
async function pair(ctx: WidgetContext, phone: ReferenceWallet, chains?: number[]): Promise<void> {
  const connecting = connect(ctx, WALLET_CONNECT_CONNECTOR_ID)
  await phone.pair(await until(() => ctx.store.get(wcPairingAtom).uri))
  await phone.approve(await phone.nextProposal(), chains ? { chains } : {})
  await connecting
}

describe('WalletConnect connector with the devnet relay', () => {
  it('a relay that is down gives a clear error, and retry works once it is back', async () => {
    const port = await freePort()
    const relayUrl = `ws://127.0.0.1:${port}`
    const ctx = widgetFor(relayUrl, ['eip155:31337'])

    await connect(ctx, WALLET_CONNECT_CONNECTOR_ID, { reachTimeoutMs: 1500 })
    expect(ctx.store.get(wcPairingAtom).error).toEqual(WC_ERRORS.relay)
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')

    await relayOn(port)
    const phone = await phoneOn(relayUrl)
    await pair(ctx, phone)
    expect(ctx.store.get(connectionAtom)).toMatchObject({
      status: 'connected',
      connectorId: WALLET_CONNECT_CONNECTOR_ID,
      address: phone.address,
      chainId: 31337,
    })
  }, 30_000)

  it('a session on chains the dapp did not request connects on the unsupported chain, shown as such', async () => {
    const relay = await relayOn(await freePort())
    const ctx = widgetFor(relay.url, ['eip155:31338'])
    await pair(ctx, await phoneOn(relay.url), [31337])
    expect(ctx.store.get(connectionAtom)).toMatchObject({ status: 'connected', chainId: 31337 })
    expect(ctx.store.get(unsupportedChainAtom)).toBe(true)
  }, 30_000)

  it('sends the wallet nothing on a chain or account its session did not approve, and ignores events naming one', async () => {
    const relay = await relayOn(await freePort())
    const ctx = widgetFor(relay.url, ['eip155:31337', 'eip155:31338'])
    const phone = await phoneOn(relay.url)
    await pair(ctx, phone, [31337])
    const client = await loadWalletConnect(ctx)
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

    await handleWalletConnectEvent(ctx, { type: 'sessionEvent', name: 'chainChanged', data: '0x7a6a', chainId: 'eip155:31338' }, client)
    await handleWalletConnectEvent(ctx, { type: 'sessionEvent', name: 'accountsChanged', data: [other], chainId: 'eip155:31337' }, client)
    expect(ctx.store.get(connectionAtom)).toMatchObject({ chainId: 31337, address: phone.address })

    // Had the widget's chain drifted anyway, the request stops here with a clear 4100 instead of
    // reaching the wallet (a manual wallet would leave it hanging).
    moveEvmChain(ctx.store, 31338)
    await expect(walletRequest(ctx, 'eip155', 'personal_sign', ['0x68690a', phone.address])).rejects.toMatchObject({
      code: 4100,
      message: `The wallet's session does not include ${phone.address} on eip155:31338`,
    })
    expect(phone.pendingRequests()).toEqual([])
  }, 30_000)

  it('proposes the networks the dapp asks for at each connect, with their RPC urls (none kept from the last session)', async () => {
    const relay = await relayOn(await freePort())
    const ctx = widgetFor(relay.url, ['eip155:31337'])
    const phone = await phoneOn(relay.url)
    const proposed = async () => {
      const connecting = connect(ctx, WALLET_CONNECT_CONNECTOR_ID)
      await phone.pair(await until(() => ctx.store.get(wcPairingAtom).uri))
      const proposal = await phone.nextProposal()
      await phone.approve(proposal)
      await connecting
      return proposal
    }
    const first = await proposed()
    expect(first.requestedChains).toEqual(['eip155:31337'])
    await disconnect(ctx)

    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    setOptions(ctx, { projectId: 'demo', networks: ['eip155:31338', solana] })
    const second = await proposed()
    expect(second.requestedChains).toEqual(['eip155:31338', solana])
    // The RPC urls stay with the client (the proposal does not carry them): rebuilt for this connect.
    const { optionalNamespaces } = (await loadWalletConnect(ctx)).provider
    expect(Object.keys(optionalNamespaces!.eip155!.rpcMap!)).toEqual(['31338'])
    expect(optionalNamespaces!.solana!.rpcMap).toEqual({
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': expect.stringContaining(`chainId=${encodeURIComponent(solana)}`),
    })
  }, 30_000)

  it('a disconnect with the relay gone still forgets the session, and says why', async () => {
    const relay = await relayOn(await freePort())
    const ctx = widgetFor(relay.url, ['eip155:31337'])
    await pair(ctx, await phoneOn(relay.url))
    await relay.stop()
    await expect(connectorFor(ctx, WALLET_CONNECT_CONNECTOR_ID).disconnect(ctx, ['eip155'])).rejects.toThrow(
      'the WalletConnect relay did not answer',
    )
    expect((await loadWalletConnect(ctx)).provider.session).toBeUndefined()
  }, 30_000)
})
