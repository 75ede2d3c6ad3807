// @vitest-environment happy-dom
import { solanaLocalnet } from '@airlock/chains'
import { base58 } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import { getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token'
import { address, createNoopSigner, type Instruction } from '@solana/kit'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadView } from '../views'
import { wireTransaction } from '../../testing/solanaTransactions'
import { CONFIRM_MESSAGE_NAMESPACE, type FrameToPopup } from '../../confirm/popupMessages'
import { renderPrompt, type PromptView } from '../../confirm/render'

// The prompt loads a family's view with its first request; these tests draw them at once.
beforeAll(() => loadView('solana:'))

const CLUSTER = solanaLocalnet.caipNetworkId as `solana:${string}`
const ME = address('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
const OTHER = address('AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD')
const USDC = address('7pNMNCN2nC16Fvq2bL93ZstV5JfkJsS3Xom4unBCSACw')
const ME_USDC = address('6gYw7q94fJdEwL8WkT1a6LHBdTMbix1aciALwEWPx3Wp')
const OTHER_USDC = address('7EeV8eiRuGoR8bFHCjdCRGQd1RM5sR2dAkdiTEtC9ko7')
const PROGRAM = address('CqMbRgMuEhQi9BUS8xP44Wk5nENm48FqJnfjEi4eNb1k')
const COMPUTE_BUDGET = address('ComputeBudget111111111111111111111111111111')
const me = createNoopSigner(ME)

const wire = (instructions: readonly Instruction[]) => wireTransaction(instructions, { feePayer: ME })

/** A transaction of each instruction kind the frame reads, and one it cannot. */
const EVERY_KIND = wire([
  { programAddress: COMPUTE_BUDGET, data: new Uint8Array([2, 0x40, 0x0d, 0x03, 0]) }, // limit 200,000
  { programAddress: COMPUTE_BUDGET, data: new Uint8Array([3, 0x10, 0x27, 0, 0, 0, 0, 0, 0]) }, // 10,000 micro-lamports
  getTransferSolInstruction({ source: me, destination: OTHER, amount: 250_000_000n }),
  getCreateAssociatedTokenIdempotentInstruction({ payer: me, ata: OTHER_USDC, owner: OTHER, mint: USDC }),
  getTransferCheckedInstruction({ source: ME_USDC, mint: USDC, destination: OTHER_USDC, authority: me, amount: 12_340_000n, decimals: 6 }),
  { programAddress: PROGRAM, data: new Uint8Array([9, 9]) },
])

const view = (method: string, params: unknown): PromptView => ({
  request: { method, params, chainId: CLUSTER, from: ME },
  origin: { value: 'http://dapp.localhost:4400', verified: true },
  dappName: 'Demo Dapp',
})
const byId = (root: ParentNode, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const all = (root: ParentNode, id: string) => [...root.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)]

describe('the Solana confirmation as DOM', () => {
  it('shows a message as text, on the cluster, for the account', () => {
    const message = base58.encode(new TextEncoder().encode('Sign in to Example\nNonce: 7'))
    const { root, approve } = renderPrompt(view('solana_signMessage', { message, pubkey: ME }), {
      popupButton: true,
      canProveVisibility: true,
    })
    expect(byId(root, 'approve-message')!.textContent).toBe('Sign in to Example\nNonce: 7')
    expect(byId(root, 'approve-network')!.textContent).toBe('Airlock Solana Devnet')
    expect(byId(root, 'approve-from')!.title).toBe(ME)
    expect(approve?.textContent).toBe('Approve')
  })

  it('shows each instruction decoded: SOL and token amounts, recipients, the account made and for whom, the priority fee; the rest flagged', () => {
    const { root, approve, popup } = renderPrompt(view('solana_signAndSendTransaction', { transaction: EVERY_KIND }), {
      popupButton: true,
      canProveVisibility: true,
    })
    expect(root.querySelector('h2')!.textContent).toBe('Transaction request')
    expect(byId(root, 'approve-network')!.textContent).toBe('Airlock Solana Devnet')
    expect(byId(root, 'approve-fee-payer')!.textContent).toBe(ME)
    // 5,000 lamports + 10,000 micro-lamports x 200,000 units.
    expect(byId(root, 'approve-fee')!.textContent).toBe('0.000007 SOL')
    const items = all(root, 'approve-instruction')
    expect(items.map((item) => item.dataset.kind)).toEqual([
      'computeUnitLimit',
      'computeUnitPrice',
      'solTransfer',
      'createTokenAccount',
      'tokenTransfer',
      'other',
    ])
    const [limit, price, sol, create, token, unknown] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    expect(byId(limit, 'approve-units')!.textContent).toBe('200,000')
    expect(byId(price, 'approve-priority')!.textContent).toBe('10,000 micro-lamports per compute unit')
    expect(byId(sol, 'approve-amount')!.textContent).toBe('0.25 SOL')
    expect(byId(sol, 'approve-recipient')!.textContent).toBe(OTHER)
    expect(byId(create, 'approve-owner')!.textContent).toBe(OTHER)
    expect(byId(create, 'approve-mint')!.textContent).toBe(USDC)
    expect(byId(token, 'approve-amount')!.textContent).toBe('12.34 USDC')
    expect(byId(token, 'approve-mint')!.textContent).toBe(USDC)
    expect(byId(token, 'approve-recipient')!.textContent).toBe(OTHER_USDC)
    expect(byId(unknown, 'approve-program')!.textContent).toBe(PROGRAM)
    expect(byId(unknown, 'approve-instruction-unknown')!.textContent).toBe('Not decoded')
    expect(byId(root, 'approve-warnings')!.textContent).toContain(`Instruction 6 (program ${PROGRAM})`)
    expect(approve).toBeDefined()
    expect(popup).toBeDefined()
  })

  it('offers only Reject for a transaction that does not deserialize', () => {
    const { root, approve, popup } = renderPrompt(view('solana_signTransaction', { transaction: 'AAAAAAAA' }), {
      popupButton: true,
      canProveVisibility: true,
    })
    expect(approve).toBeUndefined()
    expect(popup).toBeUndefined()
    expect(byId(root, 'approve-error')!.textContent).toBe('The transaction does not deserialize. This request cannot be approved.')
  })
})

describe('the confirmation popup', () => {
  afterEach(() => {
    vi.resetModules()
    document.body.replaceChildren()
  })

  it('shows a Solana transaction as the frame does, from the request the frame posts it', async () => {
    const frameView = view('solana_signAndSendTransaction', { transaction: EVERY_KIND })
    const inFrame = renderPrompt(frameView, { popupButton: false, canProveVisibility: true }).root
    const surface = document.createElement('div')
    surface.id = 'surface'
    document.body.append(surface)
    const posted: unknown[] = []
    const opener = { postMessage: (message: unknown) => posted.push(message) } as unknown as Window
    Object.defineProperty(window, 'opener', { value: opener, configurable: true })
    await import('../../confirm/popup')
    expect(posted).toEqual([{ namespace: CONFIRM_MESSAGE_NAMESPACE, type: 'ready' }])
    const request: FrameToPopup = {
      namespace: CONFIRM_MESSAGE_NAMESPACE,
      type: 'request',
      session: '0b8d4c43-6f7e-4a3c-9a55-0d8a2b7c1e11',
      view: frameView as FrameToPopup['view'],
      theme: {},
    }
    window.dispatchEvent(new MessageEvent('message', { data: request, origin: location.origin, source: opener }))
    // The popup loads Solana's view with the request, as the frame does with its first one.
    const inPopup = await vi.waitFor(() => {
      const shown = surface.querySelector<HTMLElement>('[data-testid="approve-transaction"]')
      expect(shown).not.toBeNull()
      return shown
    })
    expect(byId(inPopup!, 'approve-instructions')!.outerHTML).toBe(byId(inFrame, 'approve-instructions')!.outerHTML)
    expect(byId(inPopup!, 'approve-fee')!.textContent).toBe('0.000007 SOL')
    expect(byId(inPopup!, 'approve-warnings')!.textContent).toBe(byId(inFrame, 'approve-warnings')!.textContent)
  })
})
