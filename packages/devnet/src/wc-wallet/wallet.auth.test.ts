import { SignClient } from '@walletconnect/sign-client'
import { formatMessage } from '@walletconnect/utils'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import { startRelay, type Relay } from '../relay/server'
import { createOfflineCore, stopWalletConnectCore } from './core'
import type { ReferenceWallet } from './types'
import { createReferenceWallet } from './wallet'

const PROJECT = 'wallet-auth-test'
// The wallet signs one-click auths with its keys alone: no chain is reached, the urls only name the chains it knows.
const RPC = { 31337: 'http://127.0.0.1:9/31337', 31338: 'http://127.0.0.1:9/31338' }
const me = devnetAccounts[0]!.address

describe('reference wallet one-click auth (wc_sessionAuthenticate)', () => {
  let relay: Relay
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  const wallets: ReferenceWallet[] = []

  beforeAll(async () => {
    relay = await startRelay({ port: 0 })
    dapp = await SignClient.init({
      core: createOfflineCore({ relayUrl: relay.url, projectId: PROJECT, name: 'wallet-auth-test-dapp' }),
      metadata: { name: 'Auth test dapp', description: 'vitest', url: 'http://dapp.localhost', icons: [] },
      logger: 'silent',
    })
  })

  afterAll(async () => {
    await Promise.all(wallets.map((wallet) => wallet.stop()))
    if (dapp) await stopWalletConnectCore(dapp.core)
    await relay?.stop()
  })

  const wallet = async (oneClickAuth: boolean) => {
    const created = await createReferenceWallet({ relayUrl: relay.url, projectId: PROJECT, rpcUrls: RPC, oneClickAuth })
    wallets.push(created)
    return created
  }

  const authenticate = () =>
    dapp.authenticate({
      chains: ['eip155:31337', 'eip155:1'],
      domain: 'dapp.localhost',
      uri: 'http://dapp.localhost',
      nonce: 'abcdef0123456789',
      statement: 'Please sign with your account',
      exp: new Date(Date.now() + 3_600_000).toISOString(),
      methods: ['personal_sign', 'eth_sendTransaction'],
    })

  it('signs the SIWE message of the request on the first chain it knows, and the session follows', async () => {
    const phone = await wallet(true)
    const { uri, response } = await authenticate()
    await phone.pair(uri)
    const { auths, session } = await response()

    expect(auths).toHaveLength(1)
    const cacao = auths![0]!
    expect(cacao.p.iss).toBe(`did:pkh:eip155:31337:${me}`)
    expect(cacao.s.t).toBe('eip191')
    // The text signed is the one formatMessage rebuilds from the CACAO (what the dapp verifies).
    const [authentication] = phone.authentications()
    expect(authentication!.message).toBe(formatMessage(cacao.p, cacao.p.iss))
    expect(authentication!.signature).toBe(cacao.s.s)
    expect(authentication!.chainId).toBe('eip155:31337')
    expect(await verifyMessage({ address: me, message: authentication!.message, signature: authentication!.signature })).toBe(true)
    expect(authentication!.message).toContain('Nonce: abcdef0123456789')

    expect(session.namespaces.eip155!.accounts).toContain(`eip155:31337:${me}`)
    expect(session.namespaces.eip155!.methods).toEqual(expect.arrayContaining(['personal_sign', 'eth_sendTransaction']))
    expect(phone.sessions().map((s) => s.topic)).toEqual([session.topic])
    // The session is a working one: a request reaches the wallet.
    const signature = await dapp.request<`0x${string}`>({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x6869', me] },
    })
    expect(await verifyMessage({ address: me, message: 'hi', signature })).toBe(true)
  })

  it('without the option the wallet answers the fallback session proposal instead (no CACAO, no signature)', async () => {
    const phone = await wallet(false)
    const { uri, response } = await authenticate()
    await phone.pair(uri)
    const { auths, session } = await response()
    expect(auths ?? []).toHaveLength(0)
    expect(session.namespaces.eip155!.accounts).toContain(`eip155:31337:${me}`)
    expect(phone.authentications()).toEqual([])
  })

  it("in the 'reject' proposal mode the request is refused", async () => {
    const phone = await wallet(true)
    phone.setMode('reject', 'proposals')
    const { uri, response } = await authenticate()
    await phone.pair(uri)
    await expect(response()).rejects.toBeDefined()
    expect(phone.authentications()).toEqual([])
  })
})
