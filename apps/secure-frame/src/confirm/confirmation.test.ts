import { CONFIRMATION_ON_SCREEN_MS, FrameErrorMessage, RpcErrorCode } from '@airlock/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConfirmation, type ConfirmationUi, type ConfirmRequest } from './confirmation'

const request = (id = 'r1'): ConfirmRequest => ({
  id,
  method: 'personal_sign',
  params: ['0x68656c6c6f', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  chainId: 31337,
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  dapp: undefined,
})

/** A UI whose user and layout the test plays: `answer` clicks, `layOut` puts the frame on screen. */
function fakeUi() {
  const shown: { request: ConfirmRequest; answer: (approved: boolean) => void; hidden: boolean }[] = []
  let layOut!: () => void
  const laidOut = new Promise<void>((resolve) => (layOut = resolve))
  const ui: ConfirmationUi = {
    show(req, answer) {
      const entry = { request: req, answer, hidden: false }
      shown.push(entry)
      return () => void (entry.hidden = true)
    },
    onScreen: () => laidOut,
  }
  return { ui, shown, layOut, last: () => shown.at(-1)! }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe("the frame's confirmation lifecycle", () => {
  it('shows the request and resolves only on the UI answer (Approve); the prompt goes away', async () => {
    const { ui, layOut, last } = fakeUi()
    const confirmation = createConfirmation(ui)
    let done = false
    const asked = confirmation.ask(request()).then(() => (done = true))
    layOut()
    await vi.advanceTimersByTimeAsync(CONFIRMATION_ON_SCREEN_MS * 5)
    expect(done).toBe(false)
    expect(last().request.id).toBe('r1')
    last().answer(true)
    await asked
    expect(last().hidden).toBe(true)
  })

  it("Reject answers 4001 'User rejected the request.'", async () => {
    const { ui, layOut, last } = fakeUi()
    const asked = createConfirmation(ui).ask(request())
    layOut()
    last().answer(false)
    await expect(asked).rejects.toMatchObject({ code: RpcErrorCode.UserRejected, message: 'User rejected the request.' })
    expect(last().hidden).toBe(true)
  })

  it("abortRpcRequest answers 'Request was aborted'; another id changes nothing; a late click does nothing", async () => {
    const { ui, layOut, last } = fakeUi()
    const confirmation = createConfirmation(ui)
    const asked = confirmation.ask(request('mine'))
    layOut()
    confirmation.abort('someone-else')
    confirmation.abort('mine')
    await expect(asked).rejects.toMatchObject({ code: RpcErrorCode.UserRejected, message: FrameErrorMessage.RpcAborted })
    expect(last().hidden).toBe(true)
    last().answer(true)
    // The next request is taken at once (the abort cleared the slot synchronously).
    const next = confirmation.ask(request('next'))
    last().answer(true)
    await expect(next).resolves.toBeUndefined()
  })

  it('refuses a request the frame is not laid out for in time (hidden at 0x0), and signs nothing', async () => {
    const { ui, last } = fakeUi()
    const asked = createConfirmation(ui).ask(request())
    const outcome = expect(asked).rejects.toMatchObject({ code: RpcErrorCode.Unauthorized, message: FrameErrorMessage.NotOnScreen })
    await vi.advanceTimersByTimeAsync(CONFIRMATION_ON_SCREEN_MS - 1)
    expect(last().hidden).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await outcome
    expect(last().hidden).toBe(true)
  })

  it('refuses a second request while one waits, and takes the next one after', async () => {
    const { ui, layOut, shown } = fakeUi()
    const confirmation = createConfirmation(ui)
    const first = confirmation.ask(request('a'))
    layOut()
    await expect(confirmation.ask(request('b'))).rejects.toMatchObject({
      code: RpcErrorCode.ResourceUnavailable,
      message: FrameErrorMessage.Busy,
    })
    expect(shown).toHaveLength(1)
    shown[0]!.answer(false)
    await expect(first).rejects.toMatchObject({ code: RpcErrorCode.UserRejected })
    const second = confirmation.ask(request('b'))
    shown[1]!.answer(true)
    await expect(second).resolves.toBeUndefined()
  })

  it('a UI that fails to draw the request refuses it and frees the slot', async () => {
    const confirmation = createConfirmation({
      show: () => {
        throw new Error('cannot draw')
      },
      onScreen: () => new Promise(() => {}),
    })
    await expect(confirmation.ask(request('a'))).rejects.toThrow('cannot draw')
    await expect(confirmation.ask(request('b'))).rejects.toThrow('cannot draw')
  })
})
