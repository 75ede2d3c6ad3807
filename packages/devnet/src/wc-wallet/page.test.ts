import { request as httpRequest } from 'node:http'
import { SignClient } from '@walletconnect/sign-client'
import { toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRelay, type Relay } from '../relay/server'
import { createOfflineCore, stopWalletConnectCore } from './core'
import { startReferenceWalletPage, type ReferenceWalletPage } from './page'
import type { ReferenceWallet } from './types'
import { createReferenceWallet } from './wallet'

const PROJECT = 'page-test'

describe('reference wallet page', () => {
  let relay: Relay
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let wallet: ReferenceWallet
  let page: ReferenceWalletPage
  let origin: string

  beforeAll(async () => {
    relay = await startRelay({ port: 0 })
    dapp = await SignClient.init({
      core: createOfflineCore({ relayUrl: relay.url, projectId: PROJECT, name: 'page-test-dapp' }),
      metadata: { name: 'Page test dapp', description: 'vitest', url: 'http://dapp.localhost', icons: [] },
      logger: 'silent',
    })
    wallet = await createReferenceWallet({
      relayUrl: relay.url,
      projectId: PROJECT,
      rpcUrls: { 31337: 'http://127.0.0.1:9' },
      mode: 'manual',
    })
    page = await startReferenceWalletPage({ port: 0, wallet, relayUrl: relay.url })
    origin = `http://wallet.localhost:${page.port}`
  })

  afterAll(async () => {
    await page?.stop()
    await wallet?.stop()
    if (dapp) await stopWalletConnectCore(dapp.core)
    await relay?.stop()
  })

  /** What a browser on the page sends: its own Origin and Host (fetch cannot set Host, so we use the loopback url with a matching Origin). */
  const post = (path: string, fields: Record<string, string>, from = page.url) =>
    fetch(`${page.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: from, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })
  const status = async () => (await fetch(`${page.url}/status`)).text()

  it('serves the pairing form with a CSP and no script', async () => {
    const res = await fetch(`${page.url}/`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'nonce-[^']+'.*form-action 'self'/)
    const html = await res.text()
    expect(html).toContain('<form method="post" action="/pair">')
    expect(html).toContain('<iframe src="/status"')
    expect(html).not.toContain('<script')
    expect(origin).toMatch(/^http:\/\/wallet\.localhost:\d+$/)
  })

  it('refuses form posts from other origins and foreign Host names', async () => {
    expect((await post('/pair', { uri: 'wc:x' }, 'http://evil.example')).status).toBe(403)
    expect((await post('/pair', { uri: 'wc:x' }, 'null')).status).toBe(403)
    // fetch ignores a Host header: ask with node:http, as a DNS-rebound page would arrive.
    const statusFor = (host: string, path = '/') =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: page.port, path, headers: { host } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.once('error', reject)
        req.end()
      })
    expect(await statusFor(`attacker.example:${page.port}`)).toBe(421)
    expect(await statusFor(`wallet.localhost:${page.port + 1}`)).toBe(421)
    expect(await statusFor(`wallet.localhost:${page.port}`, '/status')).toBe(200)
  })

  it('pairs from a pasted URI, approves from a button, and answers requests from buttons', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged'] } },
    })
    const paired = await post('/pair', { uri: uri! })
    expect(paired.status).toBe(303)
    expect(paired.headers.get('location')).toMatch(/^\/\?notice=Paired/)

    const proposal = await wallet.nextProposal()
    expect(await status()).toContain('Page test dapp')
    expect((await post('/proposal', { id: String(proposal.id), action: 'approve' })).headers.get('location')).toBe('/status')
    const session = await approval()
    expect(await status()).toMatch(/Sessions<\/h2><div class="card"><b>Page test dapp/)

    const signing = dapp.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: [toHex('sign me'), wallet.address] },
    })
    const request = await wallet.nextRequest()
    expect(await status()).toContain('message: sign me')
    await post('/request', { id: String(request.id), action: 'reject' })
    await expect(signing).rejects.toMatchObject({ code: 4001 })

    const deleted = new Promise((resolve) => dapp.on('session_delete', resolve))
    await post('/session', { topic: session.topic, action: 'disconnect' })
    await deleted
    expect(await status()).toMatch(/Sessions<\/h2><p class="muted">none/)
  })

  it('switches the answering mode and reports a bad URI', async () => {
    await post('/mode', { which: 'requests', mode: 'approve' })
    expect(wallet.modes()).toEqual({ proposals: 'manual', requests: 'approve' })
    const res = await post('/pair', { uri: 'not a uri' })
    expect(decodeURIComponent(res.headers.get('location') ?? '')).toMatch(/Pairing failed: .*wc: URI&error=1$/)
    const key = 'a'.repeat(64)
    const unknownRelay = await post('/pair', { uri: `wc:${'b'.repeat(64)}@2?relay-protocol=waku&symKey=${key}` })
    expect(decodeURIComponent(unknownRelay.headers.get('location') ?? '')).toMatch(/Pairing failed: .*unknown relay protocol "waku"/)
    const expired = await post('/pair', { uri: `wc:${'c'.repeat(64)}@2?relay-protocol=irn&symKey=${key}&expiryTimestamp=1600000000` })
    expect(decodeURIComponent(expired.headers.get('location') ?? '')).toMatch(/Pairing failed: .*pairing URI has expired/)
  })
})
