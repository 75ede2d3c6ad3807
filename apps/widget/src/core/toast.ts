import { atom } from 'jotai'

export type ToastVariant = 'success' | 'error' | 'loading'

export interface Toast {
  id: number
  message: string
  variant: ToastVariant
  open: boolean
}

export const toastAtom = atom<Toast | undefined>(undefined)

/** SPEC section 9: a toast replacing an open one waits 150 ms. */
export const TOAST_SWAP_DELAY_MS = 150
export const TOAST_AUTO_CLOSE_MS = 2500

export interface ToastController {
  show(message: string, variant: ToastVariant): void
  /** Closes the toast; with an id, only if that toast is still the current one. */
  close(id?: number): void
}

type ToastStore = { get(a: typeof toastAtom): Toast | undefined; set(a: typeof toastAtom, value: Toast | undefined): void }

export function createToastController(store: ToastStore): ToastController {
  let nextId = 1
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let closeTimer: ReturnType<typeof setTimeout> | undefined

  const clearTimers = () => {
    clearTimeout(swapTimer)
    clearTimeout(closeTimer)
    swapTimer = closeTimer = undefined
  }

  const reveal = (message: string, variant: ToastVariant) => {
    const id = nextId++
    store.set(toastAtom, { id, message, variant, open: true })
    if (variant !== 'loading') closeTimer = setTimeout(() => close(id), TOAST_AUTO_CLOSE_MS)
  }

  const close = (id?: number) => {
    const current = store.get(toastAtom)
    if (!current?.open || (id !== undefined && current.id !== id)) return
    clearTimers()
    store.set(toastAtom, { ...current, open: false })
  }

  const show = (message: string, variant: ToastVariant) => {
    clearTimers()
    const current = store.get(toastAtom)
    if (current?.open) {
      store.set(toastAtom, { ...current, open: false })
      swapTimer = setTimeout(() => reveal(message, variant), TOAST_SWAP_DELAY_MS)
    } else {
      reveal(message, variant)
    }
  }

  return { show, close }
}
