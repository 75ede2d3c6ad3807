import { SignClient } from '@walletconnect/sign-client'
import { toHex, verifyMessage, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import { createOfflineCore, stopWalletConnectCore } from '../wc-wallet/core'
import type { ReferenceWallet } from '../wc-wallet/types'
import { createReferenceWallet } from '../wc-wallet/wallet'
import { startRelay, type Relay } from './server'

/**
 * The real clients against the devnet relay: @walletconnect/sign-client 2.25 as the dapp (what
 * universal-provider wraps) and @reown/walletkit 1.6 as the wallet (the reference wallet).
 */
// Each side has its own project id, as a dapp and a wallet from two vendors do.
const DAPP_PROJECT = 'relay-test-dapp'
const WALLET_PROJECT = 'relay-test-wallet'
const METHODS = ['personal_sign', 'eth_chainId', 'eth_accounts', 'eth_sendTransaction', 'wallet_switchEthereumChain']
const EVENTS = ['chainChanged', 'accountsChanged']
// Never called by these tests (no transactions); the wallet only needs to know the chains.
const RPC = { 31337: 'http://127.0.0.1:9', 31338: 'http://127.0.0.1:9' }

type Dapp = Awaited<ReturnType<typeof SignClient.init>>

describe('sign-client and walletkit through the devnet relay', () => {
  let relay: Relay
  let dapp: Dapp
  let wallet: ReferenceWallet
  const outward: string[] = []
  const realFetch = globalThis.fetch

  beforeAll(async () => {
    // Anything the clients fetch besides loopback is a call to the internet.
    globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input)
      if (!/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) outward.push(url)
      return realFetch(input, init)
    }) as typeof fetch
    relay = await startRelay({ port: 0 })
    dapp = await SignClient.init({
      core: createOfflineCore({ relayUrl: relay.url, projectId: DAPP_PROJECT, name: 'relay-test-dapp' }),
      metadata: { name: 'Relay test dapp', description: 'vitest', url: 'http://dapp.localhost', icons: [] },
      // The rejections below are expected; sign-client would log each at error level.
      logger: 'silent',
    })
    wallet = await createReferenceWallet({ relayUrl: relay.url, projectId: WALLET_PROJECT, rpcUrls: RPC })
  })

  afterAll(async () => {
    globalThis.fetch = realFetch
    await wallet?.stop()
    if (dapp) await stopWalletConnectCore(dapp.core)
    await relay?.stop()
  })

  async function connect(chains = ['eip155:31337']) {
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains, methods: METHODS, events: EVENTS } } })
    const settled = approval().then(
      (session) => ({ session }),
      (error: { code?: number; message?: string }) => ({ error }),
    )
    await wallet.pair(uri!)
    return settled
  }

  const sign = (topic: string, message: string, address: Address = devnetAccounts[0]!.address) =>
    dapp.request<`0x${string}`>({ topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: [toHex(message), address] } })

  it('pairs, approves and answers personal_sign with a real signature, quickly', async () => {
    wallet.setMode('approve')
    const started = performance.now()
    const result = await connect(['eip155:31337', 'eip155:31338', 'eip155:1'])
    const pairMs = performance.now() - started
    if (!('session' in result)) throw new Error(`not approved: ${JSON.stringify(result.error)}`)
    const { session } = result
    console.log(`pair + approve: ${pairMs.toFixed(0)} ms`)
    expect(pairMs).toBeLessThan(1000)
    // Known devnet chains only; eip155:1 is not one.
    expect(session.namespaces.eip155?.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(session.namespaces.eip155?.accounts).toContain(`eip155:31337:${devnetAccounts[0]!.address}`)

    const requestStarted = performance.now()
    const signature = await sign(session.topic, 'hello airlock')
    console.log(`personal_sign round trip: ${(performance.now() - requestStarted).toFixed(0)} ms`)
    expect(await verifyMessage({ address: devnetAccounts[0]!.address, message: 'hello airlock', signature })).toBe(true)
  })

  it('a rejected proposal rejects the dapp approval()', async () => {
    wallet.setMode('reject', 'proposals')
    try {
      const result = await connect()
      expect('error' in result && result.error.code).toBe(5000)
    } finally {
      wallet.setMode('approve')
    }
  })

  it('a rejected request reaches the dapp as 4001, and a foreign account as 4100', async () => {
    const result = await connect()
    if (!('session' in result)) throw new Error('not approved')
    wallet.setMode('reject', 'requests')
    try {
      await expect(sign(result.session.topic, 'no')).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    } finally {
      wallet.setMode('approve')
    }
    await expect(sign(result.session.topic, 'not mine', devnetAccounts[3]!.address)).rejects.toMatchObject({ code: 4100 })
  })

  it('manual mode: proposals and requests wait in queues until answered', async () => {
    wallet.setMode('manual')
    try {
      const settled = connect(['eip155:31337', 'eip155:31338'])
      const proposal = await wallet.nextProposal()
      expect(proposal.dapp.name).toBe('Relay test dapp')
      expect(proposal.requestedChains).toEqual(['eip155:31337', 'eip155:31338'])
      const approved = await wallet.approve(proposal, { chains: [31338], accounts: [devnetAccounts[1]!.address] })
      expect(approved.accounts).toEqual([`eip155:31338:${devnetAccounts[1]!.address}`])
      const result = await settled
      if (!('session' in result)) throw new Error('not approved')
      const topic = result.session.topic

      const answer = dapp.request({ topic, chainId: 'eip155:31338', request: { method: 'eth_chainId', params: [] } })
      const request = await wallet.nextRequest()
      expect(request).toMatchObject({ method: 'eth_chainId', chainId: 'eip155:31338', topic })
      expect(wallet.pendingRequests()).toHaveLength(1)
      await wallet.approveRequest(request)
      expect(await answer).toBe('0x7a6a')
      expect(wallet.pendingRequests()).toHaveLength(0)
    } finally {
      wallet.setMode('approve')
    }
  })

  it('switchChain emits chainChanged and disconnect deletes the session on the dapp side', async () => {
    const result = await connect(['eip155:31337', 'eip155:31338'])
    if (!('session' in result)) throw new Error('not approved')
    const topic = result.session.topic
    const event = new Promise<{ chainId: string; data: unknown }>((resolve) =>
      dapp.on('session_event', ({ topic: t, params }) => {
        if (t === topic) resolve({ chainId: params.chainId, data: params.event.data })
      }),
    )
    await wallet.switchChain(31338, topic)
    expect(await event).toEqual({ chainId: 'eip155:31338', data: 31338 })
    expect(wallet.sessions().find((s) => s.topic === topic)?.chainId).toBe(31338)

    const deleted = new Promise<string>((resolve) => dapp.on('session_delete', ({ topic: t }) => t === topic && resolve(t)))
    await wallet.disconnect(topic)
    expect(await deleted).toBe(topic)
    expect(wallet.sessions().some((s) => s.topic === topic)).toBe(false)
  })

  it('both clients reconnect after the relay restarts on the same port, and requests go through', async () => {
    const result = await connect()
    if (!('session' in result)) throw new Error('not approved')
    const { port } = relay
    const subscribesBefore = relay.stats.methods.irn_batchSubscribe ?? 0
    await relay.stop()
    relay = await startRelay({ port })
    expect(relay.port).toBe(port)
    const started = performance.now()
    // Both clients come back on their own (a reconnect is ~0.1 s after the close) and resubscribe.
    while (relay.stats.clients < 2 || (relay.stats.methods.irn_batchSubscribe ?? 0) < 2) {
      if (performance.now() - started > 5000) throw new Error(`clients did not reconnect: ${JSON.stringify(relay.stats)}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    console.log(`reconnect after restart: ${(performance.now() - started).toFixed(0)} ms (batchSubscribes before: ${subscribesBefore})`)
    const signature = await sign(result.session.topic, 'after restart')
    expect(await verifyMessage({ address: devnetAccounts[0]!.address, message: 'after restart', signature })).toBe(true)
  })

  it('reached nothing outside loopback (Verify, pulse, echo)', () => {
    expect(outward).toEqual([])
  })
})
