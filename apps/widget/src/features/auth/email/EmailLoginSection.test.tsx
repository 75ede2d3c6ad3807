// @vitest-environment happy-dom
import { FrameErrorMessage } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setOptions } from '../../../core/options/options'
import { AUTH_CONNECTOR_ID } from '../../../connectors/embedded/id'
import { authFrameStatusAtom } from '../../../connectors/embedded/atoms'
import { currentRouteAtom, navigateAtom } from '../../../core/router/atoms'
import { openAtom } from '../../../core/modal/atoms'
import {
  createFakeFrame,
  DEVICE_CODE,
  DEVICE_MATCH,
  FRAME_EMAIL,
  frameAccount,
  LOGIN_CODE,
  RECOVERY_WAIT_MS,
  SENT_TO,
} from '../../../testing/fakeFrame'
import { RECOVERY_WAIT_EXPLAINED } from '../device/VerifyDeviceView'
import { RECOVERY_CANCELLED_MESSAGE } from '../device/recoveries'
import { createFakeHost, devnetWallet } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'
import { connectionAtom } from '../../../core/session/active'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function render(connectors = [devnetWallet]) {
  const frame = createFakeFrame()
  const host = createFakeHost({ connectors })
  const rendered = await renderApp(host, { frame: frame.factory })
  act(() => setOptions(rendered.ctx, { projectId: 'demo', networks: ['eip155:31337'] }))
  return { ...rendered, frame, host }
}

const sectionOrder = () =>
  [
    ...screen.getByTestId('connect-view').querySelectorAll('[data-testid="email-login"], [data-testid="connect-socials"], .al-wallet-list'),
  ].map((el) => (el as HTMLElement).dataset.testid ?? 'wallets')

function typeEmail(value: string) {
  fireEvent.change(screen.getByTestId('email-input'), { target: { value } })
  fireEvent.click(screen.getByTestId('email-submit'))
}

const typeCode = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('Connect view: email and social', () => {
  it('email leads without installed wallets, the wallets lead with them (SPEC section 1)', async () => {
    const { ctx } = await render([])
    expect(sectionOrder()).toEqual(['email-login', 'connect-socials', 'wallets'])
    act(() => setOptions(ctx, { projectId: 'demo', features: { connectMethodsOrder: ['social', 'wallet', 'email'] } }))
    expect(sectionOrder()).toEqual(['connect-socials', 'wallets', 'email-login'])
    cleanup()
    await render([devnetWallet])
    expect(sectionOrder()).toEqual(['wallets', 'email-login', 'connect-socials'])
  })

  it('the seven social buttons by default, the dapp list otherwise; features.email and socials false hide them', async () => {
    const { ctx } = await render([])
    const socials = () => screen.queryAllByTestId(/^social-/).map((b) => b.dataset.testid)
    expect(socials()).toEqual([
      'social-google',
      'social-x',
      'social-discord',
      'social-farcaster',
      'social-github',
      'social-apple',
      'social-facebook',
    ])
    expect(screen.getByTestId('social-google').textContent).toBe('Continue with Google')
    expect(screen.getByTestId('social-x').getAttribute('aria-label')).toBe('Continue with X')
    act(() => setOptions(ctx, { projectId: 'demo', features: { socials: ['github', 'farcaster'] } }))
    expect(socials()).toEqual(['social-github', 'social-farcaster'])
    act(() => setOptions(ctx, { projectId: 'demo', features: { socials: false, email: false } }))
    expect(socials()).toEqual([])
    expect(screen.queryByTestId('email-input')).toBeNull()
    expect(screen.getByTestId('wallet-item-walletConnect')).toBeTruthy()
  })

  it('emailShowWallets false folds the wallets behind one button under the email field', async () => {
    const { ctx } = await render([])
    act(() => setOptions(ctx, { projectId: 'demo', features: { emailShowWallets: false } }))
    expect(screen.getByTestId('continue-with-wallet-button')).toBeTruthy()
    expect(screen.queryByTestId('wallet-item-walletConnect')).toBeNull()
  })

  it('an invalid email shows an inline error before anything is sent', async () => {
    const { frame } = await render()
    typeEmail('ada@example')
    expect((await screen.findByTestId('email-error')).textContent).toBe('Enter a valid email address')
    expect(frame.callsOf('connectEmail')).toEqual([])
    fireEvent.change(screen.getByTestId('email-input'), { target: { value: 'ada@example.c' } })
    expect(screen.queryByTestId('email-error')).toBeNull()
  })

  it("email, wrong code, right code: 'Authenticating...', then connected and closed", async () => {
    const { ctx, frame, host } = await render()
    typeEmail(FRAME_EMAIL)
    expect(await screen.findByTestId('email-verify-otp')).toBeTruthy()
    expect(screen.getByTestId('otp-email').textContent).toBe(FRAME_EMAIL)
    expect(screen.getByRole('heading').textContent).toBe('Confirm Email')
    typeCode('otp-input', '000000')
    expect((await screen.findByTestId('otp-error')).textContent).toBe('Wrong code: 4 tries left')
    let release!: () => void
    const original = frame.methods.getUser
    frame.methods.getUser = async (params) => {
      await new Promise<void>((resolve) => (release = resolve))
      return original(params)
    }
    typeCode('otp-input', LOGIN_CODE)
    expect((await screen.findByTestId('auth-status')).textContent).toBe('Authenticating...')
    await act(async () => release())
    await waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
    expect(ctx.store.get(connectionAtom)).toMatchObject({ connectorId: AUTH_CONNECTOR_ID, address: frameAccount.address })
    expect(screen.getByTestId('modal-overlay').dataset.open).toBe('false')
    expect(host.providerEvents().map((e) => e.event)).toEqual(['connect', 'accountsChanged'])
  })

  it('a pasted code with spaces is submitted as its digits', async () => {
    const { ctx } = await render()
    typeEmail(FRAME_EMAIL)
    const input = await screen.findByTestId('otp-input')
    fireEvent.paste(input, { clipboardData: { getData: () => '123 456' } })
    await waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
  })

  it("resend within 30 s: 'Please try again after {n} seconds'", async () => {
    await render()
    typeEmail(FRAME_EMAIL)
    fireEvent.click(await screen.findByTestId('otp-resend'))
    expect((await screen.findByTestId('otp-error')).textContent).toMatch(/^Please try again after (29|30) seconds$/)
  })

  it('a new device: after the login code, the device step says where the code went, then the wallet opens', async () => {
    const { ctx, frame } = await render()
    frame.newDevice = true
    typeEmail(FRAME_EMAIL)
    await screen.findByTestId('email-verify-otp')
    typeCode('otp-input', LOGIN_CODE)
    const view = await screen.findByTestId('verify-device')
    expect(view.textContent).toContain('Approve this device')
    expect(screen.getByTestId('device-code-sent-to').textContent).toBe(SENT_TO)
    expect(screen.getByRole('heading').textContent).toBe('Approve Device')
    expect(screen.queryByTestId('use-passkey')).toBeNull()
    expect(ctx.store.get(connectionAtom).status).toBe('connecting')
    typeCode('device-otp-input', DEVICE_CODE)
    await waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
  })

  it('a new device with a passkey: the secure slot shows the frame while it asks for the passkey, then connected', async () => {
    const { ctx, frame } = await render()
    frame.newDevice = true
    frame.passkeys = 1
    let answer!: () => void
    frame.methods.unlockWithPasskey = () => new Promise((resolve) => (answer = () => resolve({ action: 'CONNECT' })))
    typeEmail(FRAME_EMAIL)
    await screen.findByTestId('email-verify-otp')
    typeCode('otp-input', LOGIN_CODE)
    fireEvent.click(await screen.findByTestId('use-passkey'))
    expect(await screen.findByTestId('secure-frame-slot')).toBeTruthy()
    expect(ctx.store.get(connectionAtom).status).toBe('connecting')
    await act(async () => answer())
    await waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
  })

  it('a new device of an account with a passkey: the passkey first; email recovery only when asked, and it says it waits, with the number', async () => {
    const { ctx, frame } = await render()
    frame.newDevice = true
    frame.passkeys = 1
    typeEmail(FRAME_EMAIL)
    await screen.findByTestId('email-verify-otp')
    typeCode('otp-input', LOGIN_CODE)
    const view = await screen.findByTestId('verify-device')
    expect(view.textContent).toContain('Use your passkey to open it here.')
    expect(view.textContent).toContain(RECOVERY_WAIT_EXPLAINED)
    // No code was mailed, so there is nothing to type.
    expect(screen.queryByTestId('device-otp-input')).toBeNull()
    expect(frame.callsOf('sendDeviceCode')).toEqual([])
    fireEvent.click(screen.getByTestId('recover-by-email'))
    const waiting = await screen.findByTestId('recovery-waiting')
    expect(waiting.textContent).toMatch(
      /^Email recovery requested\. This device may open your wallet by email from \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M, unless it is cancelled: we told a\*\*\*@example\.com and every device where your wallet is open\.$/,
    )
    expect(screen.getByTestId('device-match').textContent).toBe(
      `This device shows the number ${DEVICE_MATCH}: the email names the same number.`,
    )
    expect(screen.queryByTestId('device-otp-input')).toBeNull()
    expect(screen.getByTestId('recover-by-email').textContent).toBe('Check again')
    expect(screen.getByTestId('use-passkey')).toBeTruthy()
    expect(ctx.store.get(connectionAtom).status).toBe('connecting')
  })

  it('a device where the wallet is open shows each email recovery under way in the Account view, and cancels it', async () => {
    const { ctx, frame } = await render()
    frame.recoveries = [
      {
        id: '0b6c1f2e-9a4d-4c3b-8e2f-1a2b3c4d5e6f',
        requestedAt: Date.now(),
        opensAt: Date.now() + RECOVERY_WAIT_MS,
        device: 'Chrome 142 on Linux',
        place: 'DE (IP 203.0.113.7)',
        match: '31',
      },
    ]
    typeEmail(FRAME_EMAIL)
    await screen.findByTestId('email-verify-otp')
    typeCode('otp-input', LOGIN_CODE)
    await waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
    // The user opens the modal on the Account view: the recoveries are asked for then.
    act(() => {
      ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Account' } })
      ctx.store.set(openAtom, true)
    })
    const notice = await screen.findByTestId('recovery-notice')
    expect(notice.textContent).toMatch(
      /^A device asked to open your wallet by emailChrome 142 on Linux, DE \(IP 203\.0\.113\.7\), on .+\. It shows the number 31\. Unless you cancel, it can open your wallet from .+\.Cancel this recovery$/,
    )
    fireEvent.click(screen.getByTestId('cancel-recovery'))
    await waitFor(() => expect(screen.queryByTestId('recovery-notice')).toBeNull())
    expect(frame.recoveries).toEqual([])
    expect(await screen.findByText(RECOVERY_CANCELLED_MESSAGE)).toBeTruthy()
  })

  it('a new device of an account without email nor passkey says what it needs', async () => {
    const { frame } = await render()
    frame.newDevice = true
    frame.methods.connectOtp = async () => ({ action: 'VERIFY_DEVICE', passkeys: 0 })
    frame.methods.connectEmail = () => ({ action: 'VERIFY_OTP' })
    typeEmail(FRAME_EMAIL)
    await screen.findByTestId('email-verify-otp')
    typeCode('otp-input', LOGIN_CODE)
    await screen.findByTestId('verify-device')
    // An email login always has its address: the code form stays, with a way to ask for the code.
    expect(screen.getByTestId('device-otp-input')).toBeTruthy()
    expect(screen.getByTestId('otp-resend')).toBeTruthy()
  })

  it('back from the code step abandons the login and keeps the typed email', async () => {
    const { ctx } = await render()
    typeEmail(FRAME_EMAIL)
    await screen.findByTestId('email-verify-otp')
    fireEvent.click(screen.getByTestId('back-button'))
    expect(ctx.store.get(currentRouteAtom).name).toBe('Connect')
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
    expect((screen.getByTestId('email-input') as HTMLInputElement).value).toBe(FRAME_EMAIL)
  })

  it("a frame that does not load: 'Unable to load email login dependency' under the field; the wallets still work", async () => {
    const { ctx, frame } = await render()
    frame.readyVersion = 5
    typeEmail(FRAME_EMAIL)
    expect((await screen.findByTestId('email-error')).textContent).toBe(FrameErrorMessage.LoadFailed)
    expect(ctx.store.get(authFrameStatusAtom)).toBe('failed')
    fireEvent.click(screen.getByTestId(`wallet-item-${devnetWallet.id}`))
    await waitFor(() => expect(ctx.store.get(connectionAtom)).toMatchObject({ status: 'connected', connectorId: devnetWallet.id }))
  })

  it('the frame is preloaded once the modal is open and idle', async () => {
    const { frame } = await render()
    await waitFor(() => expect(frame.connects).toBe(1))
  })
})
