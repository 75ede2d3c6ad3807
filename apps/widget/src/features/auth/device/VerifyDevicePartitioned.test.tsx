// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { FrameLoginStep } from '@airlock/protocol'
import { setOptions } from '../../../core/options/options'
import { createFakeFrame, DEVICE_CODE, FRAME_EMAIL, LOGIN_CODE, SENT_TO } from '../../../testing/fakeFrame'
import { createFakeHost, devnetWallet } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'
import { connectionAtom } from '../../../core/session/active'
import { PARTITIONED_ASK_MESSAGE, PARTITIONED_MESSAGE } from './VerifyDeviceView'

afterEach(() => cleanup())

/** A dapp site whose frame storage is kept apart from the others: the login's VERIFY_DEVICE says so. */
async function newDeviceOnAnotherSite(partitioned: 'ask' | 'refused') {
  const frame = createFakeFrame()
  const rendered = await renderApp(createFakeHost({ connectors: [devnetWallet] }), { frame: frame.factory })
  act(() => setOptions(rendered.ctx, { projectId: 'demo', networks: ['eip155:31337'] }))
  frame.newDevice = true
  const connectOtp = frame.methods.connectOtp!
  frame.methods.connectOtp = async (params: unknown) => {
    const step = (await connectOtp(params as never)) as FrameLoginStep
    return step.action === 'VERIFY_DEVICE' ? { ...step, partitioned } : step
  }
  fireEvent.change(screen.getByTestId('email-input'), { target: { value: FRAME_EMAIL } })
  fireEvent.click(screen.getByTestId('email-submit'))
  await screen.findByTestId('email-verify-otp')
  fireEvent.change(screen.getByTestId('otp-input'), { target: { value: LOGIN_CODE } })
  await screen.findByTestId('verify-device')
  return { ...rendered, frame }
}

describe('VerifyDevice on a site the browser keeps apart (issue 23)', () => {
  it('ask: the frame shows its own button on the secure slot; a wallet this browser holds elsewhere opens without the code', async () => {
    const { ctx, frame } = await newDeviceOnAnotherSite('ask')
    expect(screen.getByTestId('device-partitioned-ask').textContent).toBe(PARTITIONED_ASK_MESSAGE)
    expect(screen.getByTestId('device-code-sent-to').textContent).toBe(SENT_TO)
    let answer!: (step: FrameLoginStep) => void
    frame.methods.unlockWithStorageAccess = () => new Promise((resolve) => (answer = resolve))
    fireEvent.click(screen.getByTestId('use-storage-access'))
    expect(await screen.findByTestId('secure-frame-slot')).toBeTruthy()
    expect(ctx.store.get(connectionAtom).status).toBe('connecting')
    await act(async () => answer({ action: 'CONNECT' }))
    await waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
  })

  it('refused: the step says why another code is needed, and the code opens the wallet', async () => {
    const { ctx } = await newDeviceOnAnotherSite('ask')
    fireEvent.click(screen.getByTestId('use-storage-access'))
    expect((await screen.findByTestId('device-partitioned')).textContent).toBe(PARTITIONED_MESSAGE)
    expect(screen.queryByTestId('use-storage-access')).toBeNull()
    fireEvent.change(screen.getByTestId('device-otp-input'), { target: { value: DEVICE_CODE } })
    await waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
  })

  it('refused at once (no such API, or refused before): the reason, no button', async () => {
    await newDeviceOnAnotherSite('refused')
    expect(screen.getByTestId('device-partitioned').textContent).toBe(PARTITIONED_MESSAGE)
    expect(screen.queryByTestId('use-storage-access')).toBeNull()
  })
})
