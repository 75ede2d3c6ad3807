// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { CONFIRM_MESSAGE_NAMESPACE, FrameToPopup, PopupToFrame, receive } from './popupMessages'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const peer = {} as Window
const stranger = {} as Window
const event = (data: unknown, source: Window, origin = location.origin) => ({ data, source, origin }) as unknown as MessageEvent

const request = {
  namespace: CONFIRM_MESSAGE_NAMESPACE,
  type: 'request',
  session: '0b8d4c43-6f7e-4a3c-9a55-0d8a2b7c1e11',
  view: {
    request: { method: 'personal_sign', params: ['0x68656c6c6f', FROM], chainId: 31337, from: FROM },
    origin: { value: 'http://dapp.localhost:4400', verified: true },
    dappName: 'Demo',
  },
  theme: { themeMode: 'light' },
}

describe('frame <-> popup messages', () => {
  it('are taken only from the expected window, on our own origin, in their shape', () => {
    expect(receive(event(request, peer), peer, FrameToPopup)).toMatchObject({ type: 'request', session: request.session })
    expect(receive(event(request, stranger), peer, FrameToPopup)).toBeUndefined()
    expect(receive(event(request, peer, 'http://widget.localhost:4401'), peer, FrameToPopup)).toBeUndefined()
    expect(receive(event(request, peer), null, FrameToPopup)).toBeUndefined()
    const answer = { namespace: CONFIRM_MESSAGE_NAMESPACE, type: 'answer', session: request.session, approved: true }
    expect(receive(event(answer, peer), peer, PopupToFrame)).toEqual(answer)
    expect(receive(event({ namespace: CONFIRM_MESSAGE_NAMESPACE, type: 'ready' }, peer), peer, PopupToFrame)).toEqual({
      namespace: CONFIRM_MESSAGE_NAMESPACE,
      type: 'ready',
    })
  })

  it('carry a Solana request: its cluster (CAIP-2) and base58 account', () => {
    const solana = {
      ...request,
      view: {
        ...request.view,
        request: {
          method: 'solana_signMessage',
          params: { message: '3yZe7d', pubkey: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96' },
          chainId: 'solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z',
          from: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
        },
      },
    }
    expect(receive(event(solana, peer), peer, FrameToPopup)?.view.request).toEqual(solana.view.request)
  })

  it('carry a Bitcoin request: its network (CAIP-2) and bech32 account, and no other network id', () => {
    const from = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
    const bitcoin = {
      ...request,
      view: {
        ...request.view,
        request: {
          method: 'signMessage',
          params: { address: from, message: 'hi' },
          chainId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
          from,
        },
      },
    }
    expect(receive(event(bitcoin, peer), peer, FrameToPopup)?.view.request).toEqual(bitcoin.view.request)
    const otherId = { ...bitcoin, view: { ...bitcoin.view, request: { ...bitcoin.view.request, chainId: 'bip122:mainnet' } } }
    expect(receive(event(otherId, peer), peer, FrameToPopup)).toBeUndefined()
  })

  it('carry a Polkadot request: its network (CAIP-2) and SS58 account', () => {
    const from = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
    const polkadot = {
      ...request,
      view: {
        ...request.view,
        request: {
          method: 'polkadot_signMessage',
          params: { address: from, message: 'hi' },
          chainId: 'polkadot:45454545454545454545454545454545',
          from,
        },
      },
    }
    expect(receive(event(polkadot, peer), peer, FrameToPopup)?.view.request).toEqual(polkadot.view.request)
    const otherId = { ...polkadot, view: { ...polkadot.view, request: { ...polkadot.view.request, chainId: 'polkadot:devnet' } } }
    expect(receive(event(otherId, peer), peer, FrameToPopup)).toBeUndefined()
  })

  it('refuse what is malformed: another namespace, a non-boolean answer, hostile params or origins', () => {
    const bad: [unknown, typeof PopupToFrame | typeof FrameToPopup][] = [
      [{ namespace: 'penpal', type: 'ready' }, PopupToFrame],
      [{ namespace: CONFIRM_MESSAGE_NAMESPACE, type: 'answer', session: request.session, approved: 'yes' }, PopupToFrame],
      [{ namespace: CONFIRM_MESSAGE_NAMESPACE, type: 'answer', session: '<script>', approved: true }, PopupToFrame],
      [{ ...request, view: { ...request.view, request: { ...request.view.request, params: [1n] } } }, FrameToPopup],
      [
        { ...request, view: { ...request.view, request: { ...request.view.request, params: JSON.parse('[{"__proto__":{"x":1}}]') } } },
        FrameToPopup,
      ],
      [{ ...request, view: { ...request.view, request: { ...request.view.request, from: 'nope' } } }, FrameToPopup],
      [{ ...request, view: { ...request.view, request: { ...request.view.request, chainId: 'solana:<script>' } } }, FrameToPopup],
      [{ ...request, view: { ...request.view, request: { ...request.view.request, chainId: 'eip155:1' } } }, FrameToPopup],
      [{ ...request, view: { ...request.view, origin: { value: 'javascript:alert(1)', verified: true } } }, FrameToPopup],
      [{ ...request, theme: { themeVariables: { '--airlock-accent': 'red;}body{display:none' } } }, FrameToPopup],
    ]
    for (const [data, schema] of bad) expect(receive(event(data, peer), peer, schema as typeof PopupToFrame)).toBeUndefined()
  })
})
