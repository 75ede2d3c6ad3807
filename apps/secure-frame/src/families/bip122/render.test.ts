// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import { loadView } from '../views'
import { renderPrompt, type PromptView } from '../../confirm/render'
import { OTHER, REGTEST, regtestAccount, transfer, utxo } from './testing'

// The prompt loads a family's view with its first request; these tests draw them at once.
beforeAll(() => loadView('bip122:'))

const ME = (await regtestAccount()).keyOn(REGTEST).address
const view = (method: string, params: unknown): PromptView => ({
  request: { method, params, chainId: REGTEST.id, from: ME },
  origin: { value: 'http://dapp.localhost:4400', verified: true },
  dappName: 'Demo Dapp',
})
const render = (method: string, params: unknown) => renderPrompt(view(method, params), { popupButton: true, canProveVisibility: true })
const byId = (root: ParentNode, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const all = (root: ParentNode, id: string) => [...root.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)]
const texts = (root: ParentNode, id: string) => all(root, id).map((node) => node.textContent)

describe('the Bitcoin confirmation as DOM', () => {
  it('shows a message as text, on the network, for the account', () => {
    const { root, approve } = render('signMessage', { address: ME, message: 'Sign in to Example\nNonce: 7' })
    expect(byId(root, 'approve-message')!.textContent).toBe('Sign in to Example\nNonce: 7')
    expect(byId(root, 'approve-network')!.textContent).toBe('Airlock Bitcoin Devnet')
    expect(byId(root, 'approve-from')!.title).toBe(ME)
    expect(approve?.textContent).toBe('Approve')
    expect(byId(root, 'approve-signature')!.textContent).toBe('BIP-322')
  })

  it('shows a legacy (ECDSA) message as the text signed, and names its signature', () => {
    const { root, summary, approve } = render('signMessage', { address: ME, message: 'Hello\nWorld', protocol: 'ECDSA' })
    expect(byId(root, 'approve-message')!.textContent).toBe('Hello\nWorld')
    expect(byId(summary, 'approve-signature')!.textContent).toBe('Legacy (ECDSA, "Bitcoin Signed Message")')
    expect(byId(root, 'approve-from')!.title).toBe(ME)
    expect(approve?.textContent).toBe('Approve')
  })

  it('shows a message asking an unknown signature as a request that can only be rejected', () => {
    const { root, approve } = render('signMessage', { address: ME, message: 'x', protocol: 'schnorr' })
    expect(byId(root, 'approve-error')!.textContent).toMatch(/no known form/)
    expect(approve).toBeUndefined()
  })

  it('shows what is sent, the fee and its rate in the summary, then each output (change marked) and each input signed', () => {
    const { plan, psbt } = transfer(ME, 25_000_000n, [utxo(1, 100_000_000n)], 2)
    const { root, summary, approve } = render('signPsbt', { psbt, signInputs: { [ME]: [0] }, broadcast: true })
    expect(root.querySelector('h2')!.textContent).toBe('Bitcoin transaction')
    expect(byId(root, 'approve-network')!.textContent).toBe('Airlock Bitcoin Devnet')
    expect(byId(summary, 'approve-amount')!.textContent).toBe('0.25 BTC')
    expect(byId(summary, 'approve-fee')!.textContent).toBe(`0.00000${plan.fee} BTC`)
    expect(byId(summary, 'approve-fee-rate')!.textContent).toBe('2.0 sat/vB')
    expect(byId(summary, 'approve-broadcast')).not.toBeNull()
    expect(byId(root, 'approve-warnings')).toBeNull()
    expect(texts(root, 'approve-output-address')).toEqual([OTHER, ME])
    expect(texts(root, 'approve-output-amount')).toEqual(['0.25 BTC', `${Number(plan.outputs[1]!.value) / 1e8} BTC`])
    expect(all(root, 'approve-output').map((item) => item.dataset.change)).toEqual(['false', 'true'])
    expect(all(root, 'approve-output-change')).toHaveLength(1)
    expect(all(root, 'approve-input').map((item) => item.dataset.signs)).toEqual(['true'])
    expect(texts(root, 'approve-input-amount')).toEqual(['1 BTC'])
    expect(approve).toBeDefined()
  })

  it('shows the warnings of a high fee, and an unreadable PSBT as a request that can only be rejected', () => {
    const { psbt } = transfer(ME, 5_000n, [utxo(1, 100_000_000n)], 10)
    const high = render('signPsbt', { psbt, signInputs: { [ME]: [0] } })
    expect(byId(high.root, 'approve-warnings')!.textContent).toMatch(/The network fee is high/)
    expect(byId(high.root, 'approve-broadcast')).toBeNull()
    const unreadable = render('signPsbt', { psbt: 'cHNidP8BAAAAAA==', signInputs: { [ME]: [0] } })
    expect(byId(unreadable.root, 'approve-error')!.textContent).toMatch(/The PSBT cannot be read/)
    expect(unreadable.approve).toBeUndefined()
  })
})
