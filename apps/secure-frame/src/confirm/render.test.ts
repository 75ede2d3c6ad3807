// @vitest-environment happy-dom
import { encodeFunctionData, erc20Abi, maxUint256, parseEther, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { OriginWarning, renderPrompt, type PromptView } from './render'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'

const view = (method: string, params: unknown, origin: PromptView['origin'] = { value: 'http://dapp.localhost:4400', verified: true }) => ({
  request: { method, params, chainId: 31337, from: FROM },
  origin,
  dappName: 'Demo Dapp',
})
const byId = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('the confirmation as DOM', () => {
  it('shows a personal_sign message as text, the origin the browser gives, and Approve beside Reject', () => {
    const { root, approve, reject, popup } = renderPrompt(view('personal_sign', [toHex('Sign in\nNonce: 7'), FROM]), {
      popupButton: true,
      canProveVisibility: true,
    })
    expect(byId(root, 'approve-message')!.textContent).toBe('Sign in\nNonce: 7')
    expect(byId(root, 'approve-method')!.textContent).toBe('personal_sign')
    expect(byId(root, 'approve-network')!.textContent).toBe('Airlock Devnet')
    expect(byId(root, 'approve-origin')!.dataset.verified).toBe('true')
    expect(byId(root, 'approve-origin-value')!.textContent).toBe('http://dapp.localhost:4400')
    expect(root.textContent).not.toContain('as reported by the modal')
    expect(approve?.textContent).toBe('Approve')
    expect(reject.textContent).toBe('Reject')
    expect(popup?.textContent).toBe('Review in a secure window')
  })

  it("labels an origin only the modal reports, and keeps the dapp's markup as text", () => {
    const { root } = renderPrompt(
      view('personal_sign', ['<img src=x onerror=alert(1)>', FROM], { value: 'http://dapp.localhost:4400', verified: false }),
      {
        popupButton: false,
        canProveVisibility: true,
      },
    )
    expect(root.textContent).toContain('as reported by the modal')
    expect(root.querySelector('img')).toBeNull()
    expect(byId(root, 'approve-message')!.textContent).toBe('<img src=x onerror=alert(1)>')
    // The browser did not vouch for the site (ancestorOrigins redacted): said aloud, in the summary.
    expect(byId(byId(root, 'approve-summary')!, 'approve-warnings')!.textContent).toBe(OriginWarning.reported('http://dapp.localhost:4400'))
    const unknown = renderPrompt(
      { ...view('personal_sign', ['0x68', FROM]), origin: undefined },
      { popupButton: false, canProveVisibility: true },
    )
    expect(byId(unknown.root, 'approve-warnings')!.textContent).toBe(OriginWarning.unknown)
  })

  it('shows a filled transaction: recipient, value, max fee, nonce, a decoded ERC-20 call with an unlimited approval flagged', () => {
    const send = renderPrompt(
      view('eth_sendTransaction', [
        {
          from: FROM,
          to: OTHER,
          value: toHex(parseEther('0.01')),
          nonce: '0x3',
          gas: '0x5208',
          maxFeePerGas: toHex(2_000_000_000n),
          chainId: '0x7a69',
        },
      ]),
      { popupButton: true, canProveVisibility: true },
    ).root
    expect(byId(send, 'approve-to')!.textContent).toBe(OTHER)
    expect(byId(send, 'approve-value')!.textContent).toBe('0.01 ETH')
    expect(byId(send, 'approve-fee')!.textContent).toBe('0.000042 ETH')
    expect(byId(send, 'approve-nonce')!.textContent).toBe('3')
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, maxUint256] })
    const approval = renderPrompt(view('eth_sendTransaction', [{ from: FROM, to: USDC, data, nonce: '0x0', gas: '0x1' }]), {
      popupButton: true,
      canProveVisibility: true,
    }).root
    expect(byId(approval, 'approve-unlimited')!.textContent).toBe('Unlimited')
    expect(byId(approval, 'approve-data')!.textContent).toContain('approve(address,uint256)')
  })

  it('offers no Approve for a request it cannot read, nor where visibility cannot be proven (the popup approves there)', () => {
    const unreadable = renderPrompt(view('eth_sendTransaction', [{ from: FROM, to: '0x12' }]), {
      popupButton: true,
      canProveVisibility: true,
    })
    expect(unreadable.approve).toBeUndefined()
    expect(unreadable.popup).toBeUndefined()
    expect(byId(unreadable.root, 'approve-error')!.textContent).toContain('cannot be approved')
    const noProof = renderPrompt(view('personal_sign', ['0x68690a', FROM]), { popupButton: true, canProveVisibility: false })
    expect(noProof.approve).toBeUndefined()
    expect(noProof.popup).toBeDefined()
    expect(noProof.root.textContent).toContain('review it in a secure window to approve')
  })
})
