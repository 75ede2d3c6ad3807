// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SMART_ACCOUNT_UNSUPPORTED_MESSAGE, submitEmail, submitEmailOtp } from '../../../connectors/embedded/auth'
import { openModal } from '../../../core/modal/modal'
import { setOptions } from '../../../core/options/options'
import { connectionAtom } from '../../../core/session/active'
import { toastAtom } from '../../../core/toast'
import { fakeApiFetch } from '../../../testing/apiFetch'
import { createFakeFrame, frameAccount, FRAME_EMAIL, LOGIN_CODE } from '../../../testing/fakeFrame'
import { createFakeHost } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** An email login on the devnet chain, whose frame has smart accounts on `smart` and sets the type as `setType` does. */
async function loggedIn(smart: number[], setType?: (type: 'eoa' | 'smartAccount') => void) {
  const frame = createFakeFrame()
  frame.methods.getSmartAccountEnabledNetworks = () => ({ smartAccountEnabledNetworks: smart })
  frame.methods.setPreferredAccount = ({ type }) => {
    setType?.(type)
    return { type, address: frameAccount.address }
  }
  const rendered = await renderApp(createFakeHost({ connectors: [] }), { frame: frame.factory, fetch: fakeApiFetch({ balance: '0x0' }) })
  await act(async () => {
    setOptions(rendered.ctx, { projectId: 'demo', networks: ['eip155:31337'] })
    await submitEmail(rendered.ctx, FRAME_EMAIL)
    await submitEmailOtp(rendered.ctx, LOGIN_CODE)
    openModal(rendered.ctx)
  })
  return { ...rendered, frame }
}

describe('Account view: the account type (SPEC sections 1 and 6)', () => {
  it('a smart-account network: the login is the smart account; switching to the EOA and back keeps the address', async () => {
    const { ctx, frame } = await loggedIn([31337])
    const type = await screen.findByTestId('account-type')
    expect(type.textContent).toBe('Smart account')
    const address = ctx.store.get(connectionAtom).address
    fireEvent.click(screen.getByTestId('account-type-switch'))
    await waitFor(() => expect(screen.getByTestId('account-type').textContent).toBe('EOA'))
    expect(screen.getByTestId('account-type-switch').textContent).toBe('Switch to smart account')
    fireEvent.click(screen.getByTestId('account-type-switch'))
    await waitFor(() => expect(screen.getByTestId('account-type').textContent).toBe('Smart account'))
    expect(frame.callsOf('setPreferredAccount').slice(-2)).toEqual([{ type: 'eoa' }, { type: 'smartAccount' }])
    expect(ctx.store.get(connectionAtom).address).toBe(address)
  })

  it('a frame that cannot set the smart account: SPEC’s toast, and the EOA stays', async () => {
    const { ctx } = await loggedIn([31337], (type) => {
      if (type === 'smartAccount') throw new Error('Smart accounts are not available')
    })
    fireEvent.click(await screen.findByTestId('account-type-switch'))
    await waitFor(() => expect(screen.getByTestId('account-type').textContent).toBe('EOA'))
    fireEvent.click(screen.getByTestId('account-type-switch'))
    await waitFor(() => expect(ctx.store.get(toastAtom)?.message).toBe(SMART_ACCOUNT_UNSUPPORTED_MESSAGE))
    expect(screen.getByTestId('account-type').textContent).toBe('EOA')
  })

  it('no line where the network has no smart accounts', async () => {
    await loggedIn([])
    await screen.findByTestId('account-email')
    expect(screen.queryByTestId('account-type')).toBeNull()
  })
})
