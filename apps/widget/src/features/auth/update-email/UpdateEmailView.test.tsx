// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { submitEmail, submitEmailOtp } from '../../../connectors/embedded/auth'
import { openModal } from '../../../core/modal/modal'
import { setOptions } from '../../../core/options/options'
import { EMAIL_KEY } from '../../../core/storage/persisted'
import { authUserAtom } from '../../../connectors/embedded/atoms'
import { currentRouteAtom } from '../../../core/router/atoms'
import { toastAtom } from '../../../core/toast'
import { fakeApiFetch } from '../../../testing/apiFetch'
import { createFakeFrame, FRAME_EMAIL, LOGIN_CODE } from '../../../testing/fakeFrame'
import { createFakeHost } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function connectedByEmail() {
  const frame = createFakeFrame()
  const rendered = await renderApp(createFakeHost({ connectors: [] }), { frame: frame.factory, fetch: fakeApiFetch({ balance: '0x0' }) })
  const { ctx } = rendered
  await act(async () => {
    setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337'] })
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    openModal(ctx)
  })
  return { ...rendered, frame }
}

const typeCode = (value: string) => fireEvent.change(screen.getByTestId('otp-input'), { target: { value } })

describe('Account view and email update (SPEC section 4)', () => {
  it('shows the email of an email login', async () => {
    await connectedByEmail()
    expect((await screen.findByTestId('account-email')).textContent).toBe(FRAME_EMAIL)
    expect(screen.getByTestId('account-address')).toBeTruthy()
  })

  it('new address, code to the current address, code to the new one; then the new email is stored', async () => {
    const { ctx, frame } = await connectedByEmail()
    fireEvent.click(await screen.findByTestId('update-email-button'))
    expect(await screen.findByTestId('update-email-view')).toBeTruthy()
    expect(screen.getByRole('heading').textContent).toBe('Edit Email')

    fireEvent.change(screen.getByTestId('update-email-input'), { target: { value: FRAME_EMAIL } })
    fireEvent.click(screen.getByTestId('update-email-submit'))
    expect((await screen.findByTestId('update-email-error')).textContent).toBe('This is already your email')
    fireEvent.change(screen.getByTestId('update-email-input'), { target: { value: 'nope' } })
    fireEvent.click(screen.getByTestId('update-email-submit'))
    expect((await screen.findByTestId('update-email-error')).textContent).toBe('Enter a valid email address')

    fireEvent.change(screen.getByTestId('update-email-input'), { target: { value: 'new@example.com' } })
    fireEvent.click(screen.getByTestId('update-email-submit'))
    expect(await screen.findByTestId('update-email-primary-otp')).toBeTruthy()
    expect(frame.callsOf('updateEmail')).toEqual([{ newEmail: 'new@example.com' }])
    expect(screen.getByRole('heading').textContent).toBe('Confirm Current Email')

    typeCode('000000')
    expect((await screen.findByTestId('otp-error')).textContent).toBe('Wrong code: 4 tries left')
    typeCode(LOGIN_CODE)
    expect(await screen.findByTestId('update-email-secondary-otp')).toBeTruthy()
    expect(screen.getByRole('heading').textContent).toBe('Confirm New Email')
    typeCode(LOGIN_CODE)
    await waitFor(() => expect(ctx.store.get(currentRouteAtom).name).toBe('Account'))
    expect(frame.callsOf('updateEmailPrimaryOtp')).toEqual([{ otp: '000000' }, { otp: LOGIN_CODE }])
    expect(frame.callsOf('updateEmailSecondaryOtp')).toEqual([{ otp: LOGIN_CODE }])
    expect(ctx.store.get(authUserAtom)?.email).toBe('new@example.com')
    expect(ctx.storage.get(EMAIL_KEY)).toBe('new@example.com')
    expect(ctx.store.get(toastAtom)?.message).toBe('Email updated')
    expect((await screen.findByTestId('account-email')).textContent).toBe('new@example.com')
  })

  it('VERIFY_SECONDARY_OTP first goes straight to the new address code', async () => {
    const { frame } = await connectedByEmail()
    frame.methods.updateEmail = () => ({ action: 'VERIFY_SECONDARY_OTP' })
    fireEvent.click(await screen.findByTestId('update-email-button'))
    fireEvent.change(await screen.findByTestId('update-email-input'), { target: { value: 'other@example.com' } })
    fireEvent.click(screen.getByTestId('update-email-submit'))
    expect(await screen.findByTestId('update-email-secondary-otp')).toBeTruthy()
  })
})

describe('Account view of a social login', () => {
  it('shows the provider and the user name, and no email to edit', async () => {
    const frame = createFakeFrame()
    const { ctx } = await renderApp(createFakeHost({ connectors: [] }), { frame: frame.factory, fetch: fakeApiFetch({ balance: '0x0' }) })
    const popup = { closed: false, location: { href: '' }, close: vi.fn() }
    await act(async () => {
      setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337'] })
      const { connectSocial } = await import('../social/actions')
      await connectSocial(ctx, 'github', popup as unknown as Window)
      openModal(ctx)
    })
    expect((await screen.findByTestId('account-social')).textContent).toBe('GitHub · ada')
    expect(screen.queryByTestId('account-email')).toBeNull()
    expect(screen.queryByTestId('update-email-button')).toBeNull()
  })

  it('counts the passkeys and adds one through the secure frame; a refusal says why and can be tried again', async () => {
    const { ctx, frame } = await connectedByEmail()
    expect((await screen.findByTestId('account-passkeys')).textContent).toBe('No passkey')
    frame.methods.addPasskey = () => {
      throw new Error('This passkey cannot protect a wallet: its authenticator does not support the PRF extension')
    }
    fireEvent.click(screen.getByTestId('add-passkey'))
    expect(await screen.findByTestId('add-passkey-view')).toBeTruthy()
    expect(screen.getByRole('heading').textContent).toBe('Add a Passkey')
    expect((await screen.findByTestId('add-passkey-error')).textContent).toContain('does not support the PRF extension')
    frame.methods.addPasskey = () => ({ passkeys: 1 })
    fireEvent.click(screen.getByTestId('add-passkey-retry'))
    await waitFor(() => expect(ctx.store.get(currentRouteAtom).name).toBe('Account'))
    expect((await screen.findByTestId('account-passkeys')).textContent).toBe('1 passkey')
    expect(ctx.store.get(toastAtom)?.message).toBe('Passkey added: it opens this wallet on a new device')
    expect(frame.callsOf('addPasskey')).toEqual([undefined, undefined])
  })
})
