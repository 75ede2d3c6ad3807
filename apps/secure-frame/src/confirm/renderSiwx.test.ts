// @vitest-environment happy-dom
import { solanaLocalnet } from '@airlock/chains'
import { createSiwxMessage, type SiwxMessageData } from '@airlock/protocol'
import { base58 } from '@scure/base'
import { toHex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadView } from '../families/views'
import { SiwxText } from '../display/siwx'
import { renderPrompt, type PromptView } from './render'

// The prompt loads a family's view with its first request; these tests draw them at once.
beforeAll(() => loadView('solana:'))

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CLUSTER = solanaLocalnet.caipNetworkId as `solana:${string}`
const ME = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const ORIGIN = 'http://dapp.localhost:4400'
const inAnHour = (offsetMs = 0) => new Date(Math.floor((Date.now() + 3_600_000 + offsetMs) / 1000) * 1000).toISOString()

const data = (change: Partial<SiwxMessageData> = {}): SiwxMessageData => ({
  domain: 'dapp.localhost:4400',
  accountAddress: FROM,
  statement: 'Sign in to the Demo Dapp.',
  uri: ORIGIN,
  version: '1',
  chainId: 'eip155:31337',
  nonce: 'a1b2c3d4e5f6g7h8',
  issuedAt: '2026-11-28T11:59:30.000Z',
  expirationTime: inAnHour(),
  ...change,
})

const view = (text: string, origin: PromptView['origin'] = { value: ORIGIN, verified: true }): PromptView => ({
  request: { method: 'personal_sign', params: [toHex(text), FROM], chainId: 31337, from: FROM },
  origin,
  dappName: 'Demo Dapp',
})
const render = (v: PromptView) => renderPrompt(v, { popupButton: true, canProveVisibility: true })
const byId = (root: ParentNode, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('a sign-in in the confirmation', () => {
  it('is titled for its site and shows what it vouches for in the summary, the message word for word below it', () => {
    // One message's data: a second call of data() may fall in the next second (inAnHour reads the clock).
    const signed = data({
      notBefore: '2026-11-28T11:59:00.000Z',
      requestId: 'req-7',
      resources: ['https://dapp.localhost:4400/terms', 'ipfs://bafy'],
    })
    const text = createSiwxMessage(signed)
    const { root, summary, approve } = render(view(text))
    expect(byId(summary, 'siwx-title')!.textContent).toBe('Sign in to dapp.localhost:4400')
    expect(byId(summary, 'siwx-statement')!.textContent).toBe('Sign in to the Demo Dapp.')
    expect(byId(summary, 'siwx-account')!.textContent).toBe(FROM)
    expect(byId(summary, 'siwx-network')!.textContent).toBe('Airlock Devnet')
    expect(byId(summary, 'siwx-network')!.title).toBe('eip155:31337')
    expect(byId(summary, 'siwx-uri')!.textContent).toBe(ORIGIN)
    expect(byId(summary, 'siwx-issued')!.title).toBe('2026-11-28T11:59:30.000Z')
    expect(byId(summary, 'siwx-issued')!.textContent).toContain('2026')
    expect(byId(summary, 'siwx-expires')!.title).toBe(signed.expirationTime)
    expect(byId(summary, 'siwx-not-before')!.title).toBe('2026-11-28T11:59:00.000Z')
    expect(byId(summary, 'siwx-request-id')!.textContent).toBe('req-7')
    expect([...byId(summary, 'siwx-resources')!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'https://dapp.localhost:4400/terms',
      'ipfs://bafy',
    ])
    expect(byId(summary, 'approve-warnings')).toBeNull()
    // The message as signed: outside the summary, read by scrolling (guard.ts).
    expect(byId(summary, 'approve-message')).toBeNull()
    expect(byId(root, 'approve-message')!.textContent).toBe(text)
    expect(root.dataset.kind).toBe('message')
    expect(approve?.textContent).toBe('Approve')
  })

  it('says "Never" for a sign-in without an expiry, and draws a Solana one the same way', () => {
    const message = createSiwxMessage(data({ accountAddress: ME, chainId: CLUSTER, expirationTime: undefined, statement: undefined }))
    const { summary } = render({
      request: {
        method: 'solana_signMessage',
        params: { message: base58.encode(new TextEncoder().encode(message)), pubkey: ME },
        chainId: CLUSTER,
        from: ME,
      },
      origin: { value: ORIGIN, verified: true },
      dappName: 'Demo Dapp',
    })
    expect(byId(summary, 'siwx-title')!.textContent).toBe('Sign in to dapp.localhost:4400')
    expect(byId(summary, 'siwx-network')!.textContent).toBe('Airlock Solana Devnet')
    expect(byId(summary, 'siwx-expires')!.textContent).toBe('Never')
    expect(byId(summary, 'siwx-statement')).toBeNull()
  })

  it('for another site than the one asking: the reason in the summary, Reject only', () => {
    const { summary, approve, popup, reject } = render(
      view(createSiwxMessage(data({ domain: 'bank.example', uri: 'https://bank.example' }))),
    )
    expect(byId(summary, 'siwx-title')!.textContent).toBe('Sign in to bank.example')
    expect(byId(summary, 'approve-error')!.textContent).toBe(SiwxText.otherSite('bank.example', ORIGIN))
    expect(approve).toBeUndefined()
    expect(popup).toBeUndefined()
    expect(reject.textContent).toBe('Reject')
  })

  it('checks the site the modal reports where the browser does not say it, and says both', () => {
    const { summary, approve } = render(view(createSiwxMessage(data({ accountAddress: OTHER })), { value: ORIGIN, verified: false }))
    const warnings = [...byId(summary, 'approve-warnings')!.querySelectorAll('li')].map((li) => li.textContent)
    expect(warnings).toEqual([
      `The browser does not confirm which site asks: the modal says ${ORIGIN}. Approve only a request you made yourself.`,
      SiwxText.otherAccount(OTHER, FROM),
    ])
    expect(approve).toBeDefined()
  })

  it('shows a malformed sign-in as a plain message, with its warning', () => {
    const text = createSiwxMessage(data()).replace('\nNonce:', '\nNonce:  ')
    const { root, summary } = render(view(text))
    expect(byId(root, 'siwx-title')).toBeNull()
    expect(summary.querySelector('h2')!.textContent).toBe('Signature request')
    expect(byId(summary, 'approve-warnings')!.textContent).toBe(SiwxText.malformed)
    expect(byId(root, 'approve-message')!.textContent).toBe(text)
  })
})
