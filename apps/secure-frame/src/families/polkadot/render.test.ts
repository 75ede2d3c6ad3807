// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest'
import { renderPrompt, type PromptView } from '../../confirm/render'
import { loadView } from '../views'
import { PolkadotText } from './decode'
import { DEVNET, devnetAccount, RECEIVER, transferPayload } from './testing'

// The prompt loads a family's view with its first request; these tests draw them at once.
beforeAll(() => loadView(DEVNET.id))

const ME = (await devnetAccount()).addresses[DEVNET.id]!
const view = (method: string, params: unknown): PromptView => ({
  request: { method, params, chainId: DEVNET.id, from: ME },
  origin: { value: 'http://dapp.localhost:4400', verified: true },
  dappName: 'Demo Dapp',
})
const render = (method: string, params: unknown) => renderPrompt(view(method, params), { popupButton: true, canProveVisibility: true })
const byId = (root: ParentNode, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const transaction = (payload: object) => render('polkadot_signTransaction', { address: ME, transactionPayload: payload })

describe('the Polkadot confirmation as DOM', () => {
  it('shows a message as text, on the network, for the account', () => {
    const { root, approve } = render('polkadot_signMessage', { address: ME, message: 'Sign in to Example\nNonce: 7' })
    expect(byId(root, 'approve-message')!.textContent).toBe('Sign in to Example\nNonce: 7')
    expect(byId(root, 'approve-network')!.textContent).toBe('Airlock Polkadot Devnet')
    expect(byId(root, 'approve-from')!.title).toBe(ME)
    expect(approve?.textContent).toBe('Approve')
  })

  it('shows a transfer: the call, receiver in the network’s SS58, amount in its token, tip, nonce, era and the metadata check', () => {
    // Mortal: 64 blocks (0x1501: period 64, phase 17) from block 9,000,017.
    const { root, summary, approve } = transaction({
      ...transferPayload(ME),
      era: '0x1501',
      blockNumber: '0x00895451',
      nonce: '0x00000005',
    })
    expect(byId(summary, 'approve-call')!.textContent).toBe('Transfer (keep alive)')
    expect(byId(summary, 'approve-to')!.textContent).toBe(RECEIVER)
    expect(byId(summary, 'approve-amount')!.textContent).toBe('1 ROC')
    expect(byId(summary, 'approve-tip')!.textContent).toBe('0 ROC')
    expect(byId(root, 'approve-call-index')!.textContent).toBe('pallet 10, call 3')
    expect(byId(root, 'approve-nonce')!.textContent).toBe('5')
    expect(byId(root, 'approve-era')!.textContent).toBe(PolkadotText.validUntil(9_000_080))
    expect(byId(root, 'approve-metadata')!.textContent).toBe(PolkadotText.metadataChecked)
    expect(byId(root, 'approve-call-data')).toBeNull()
    expect(approve?.textContent).toBe('Approve')
  })

  it('says when the metadata is not checked and when the transaction never expires', () => {
    const { root } = transaction({ ...transferPayload(ME), era: '0x00', metadataHash: null, mode: 0 })
    expect(byId(root, 'approve-era')!.textContent).toBe(PolkadotText.immortal)
    expect(byId(root, 'approve-metadata')!.textContent).toBe(PolkadotText.metadataOff)
    expect(root.textContent).toContain(PolkadotText.immortalWarning)
  })

  it('says when the runtime has no metadata check, and shows a batch call by call', () => {
    const { signedExtensions, method } = transferPayload(ME)
    const transfer = method.slice(2)
    const { root, summary } = transaction({
      ...transferPayload(ME),
      signedExtensions: signedExtensions.filter((name) => name !== 'CheckMetadataHash'),
      metadataHash: null,
      mode: 0,
      method: `0x280208${transfer}${transfer}`,
    })
    expect(byId(root, 'approve-metadata')!.textContent).toBe(PolkadotText.metadataNone)
    expect(byId(summary, 'approve-call')!.textContent).toBe(PolkadotText.batch(2))
    const calls = [...root.querySelectorAll('[data-testid="approve-batch-call"]')]
    expect(calls.map((call) => [byId(call, 'approve-to')!.textContent, byId(call, 'approve-amount')!.textContent])).toEqual([
      [RECEIVER, '1 ROC'],
      [RECEIVER, '1 ROC'],
    ])
  })

  it('shows a call it cannot read as its pallet and call indices and its bytes, with a warning', () => {
    const method = `0x3f0700${'11'.repeat(32)}`
    const { root, summary } = transaction({ ...transferPayload(ME), method })
    expect(byId(summary, 'approve-call')!.textContent).toBe(PolkadotText.unknownCall)
    expect(byId(root, 'approve-call-index')!.textContent).toBe('pallet 63, call 7')
    expect(byId(root, 'approve-call-data')!.textContent).toBe(method)
    expect(byId(summary, 'approve-amount')).toBeNull()
    expect(root.textContent).toContain(PolkadotText.unknownCallWarning)
  })
})
