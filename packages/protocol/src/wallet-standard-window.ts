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
 * The wallet side of the window events, as `registerWallet` of @wallet-standard/wallet does it:
 * a register-wallet event whose detail is a callback that the apps already listening call at once
 * with their API, then an answer to every later app-ready (whose detail is the API). `onApp` gets
 * each answering app's `register`, called as the standard calls it (unbound); an app may answer
 * both ways. Returns the function that stops answering app-ready.
 */
export function answerStandardApps(onApp: (register: WalletStandardAppApi['register']) => void, win: EventWindow = window): () => void {
  const callback = ({ register }: WalletStandardAppApi) => onApp(register)
  const onAppReady = (event: Event) => callback((event as CustomEvent<WalletStandardAppApi>).detail)
  // The page's own CustomEvent: a foreign realm's event is refused by dispatchEvent.
  const Event = win.CustomEvent ?? CustomEvent
  win.dispatchEvent(new Event(WALLET_STANDARD_REGISTER, { detail: callback }))
  win.addEventListener(WALLET_STANDARD_APP_READY, onAppReady)
  return () => win.removeEventListener(WALLET_STANDARD_APP_READY, onAppReady)
}

/**
 * Registers a wallet with every app of the page, as the Wallet Standard's `registerWallet` does.
 * Returns the function that stops answering and unregisters the wallet from every app.
 */
export function registerStandardWallet(wallet: object, win: EventWindow = window): () => void {
  const unregisters: unknown[] = []
  const stop = answerStandardApps((register) => unregisters.push(register(wallet)), win)
  return () => {
    stop()
    for (const unregister of unregisters.splice(0)) if (typeof unregister === 'function') unregister()
  }
}
