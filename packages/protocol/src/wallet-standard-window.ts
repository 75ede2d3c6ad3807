// No zod here: the host SDK imports this module, and a zod schema in it would end up in its bundle.
/** The Wallet Standard's window events (github.com/wallet-standard, `@wallet-standard/base` window.ts). */
export const WALLET_STANDARD_REGISTER = 'wallet-standard:register-wallet'
export const WALLET_STANDARD_APP_READY = 'wallet-standard:app-ready'

/** What an app hands a wallet to register it: `register` returns the unregister function. */
export interface WalletStandardAppApi {
  register(...wallets: object[]): () => void
}

type EventWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & { CustomEvent?: typeof CustomEvent }

/**
 * Registers a wallet as the Wallet Standard's `registerWallet` does: a register-wallet event whose
 * detail is a callback for the apps already listening, and an answer to every later app-ready.
 * Returns the function that stops answering and unregisters the wallet from every app.
 */
export function registerStandardWallet(wallet: object, win: EventWindow = window): () => void {
  const unregisters: unknown[] = []
  const register = (api: WalletStandardAppApi) => unregisters.push(api.register(wallet))
  const onAppReady = (event: Event) => register((event as CustomEvent<WalletStandardAppApi>).detail)
  // The page's own CustomEvent: a foreign realm's event is refused by dispatchEvent.
  const Event = win.CustomEvent ?? CustomEvent
  win.addEventListener(WALLET_STANDARD_APP_READY, onAppReady)
  win.dispatchEvent(new Event(WALLET_STANDARD_REGISTER, { detail: register }))
  return () => {
    win.removeEventListener(WALLET_STANDARD_APP_READY, onAppReady)
    for (const unregister of unregisters.splice(0)) if (typeof unregister === 'function') unregister()
  }
}
