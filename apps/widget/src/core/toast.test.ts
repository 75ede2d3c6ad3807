import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from './store'
import { createToastController, TOAST_AUTO_CLOSE_MS, TOAST_SWAP_DELAY_MS, toastAtom } from './toast'

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const setup = () => {
    const store = createStore()
    return { store, toasts: createToastController(store), current: () => store.get(toastAtom) }
  }

  it('shows at once when none is open and closes itself after ~2.5 s', () => {
    const { toasts, current } = setup()
    toasts.show('Address copied', 'success')
    expect(current()).toMatchObject({ message: 'Address copied', variant: 'success', open: true })
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1)
    expect(current()?.open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(current()?.open).toBe(false)
  })

  it('keeps a loading toast open', () => {
    const { toasts, current } = setup()
    toasts.show('Authenticating...', 'loading')
    vi.advanceTimersByTime(60_000)
    expect(current()).toMatchObject({ variant: 'loading', open: true })
  })

  it('replacing an open toast closes it first and shows the new one after 150 ms', () => {
    const { toasts, current } = setup()
    toasts.show('first', 'success')
    vi.advanceTimersByTime(1000)
    toasts.show('second', 'error')
    expect(current()).toMatchObject({ message: 'first', open: false })
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS - 1)
    expect(current()?.open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(current()).toMatchObject({ message: 'second', variant: 'error', open: true })
  })

  it("the first toast's auto-close does not close its replacement", () => {
    const { toasts, current } = setup()
    toasts.show('first', 'success')
    vi.advanceTimersByTime(2000)
    toasts.show('second', 'success')
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS + 600)
    expect(current()).toMatchObject({ message: 'second', open: true })
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS)
    expect(current()?.open).toBe(false)
  })

  it('a third toast during the swap delay wins', () => {
    const { toasts, current } = setup()
    toasts.show('first', 'success')
    toasts.show('second', 'success')
    vi.advanceTimersByTime(50)
    toasts.show('third', 'error')
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS)
    expect(current()).toMatchObject({ message: 'third', open: true })
  })

  it('close(id) ignores a toast that was already replaced', () => {
    const { toasts, current } = setup()
    toasts.show('first', 'loading')
    const firstId = current()!.id
    toasts.show('second', 'loading')
    vi.advanceTimersByTime(TOAST_SWAP_DELAY_MS)
    toasts.close(firstId)
    expect(current()).toMatchObject({ message: 'second', open: true })
    toasts.close()
    expect(current()?.open).toBe(false)
  })
})
