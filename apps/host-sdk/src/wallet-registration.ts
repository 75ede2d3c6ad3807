import { answerStandardApps, type WalletStandardAppApi } from '@airlock/protocol'
import { ownWallets } from './own'

/**
 * Registers Airlock's Wallet Standard wallets (one per family) with every app of the page (a dapp on
 * @solana/wallet-adapter or @wallet-standard/app), each once, whether the app listened before or
 * starts later. `create` (which loads the wallet's code) runs only when the first app answers, so
 * a page without one downloads nothing; Airlock's own discovery is an app too, and does not count.
 * Returns the function that stops answering and unregisters the wallet from every app.
 */
export function registerWhenAsked(create: () => Promise<object[]>): () => void {
  const apps = new Set<WalletStandardAppApi['register']>()
  const unregisters: unknown[] = []
  let wallets: Promise<object[]> | undefined
  let stopped = false
  const stop = answerStandardApps((register) => {
    if (stopped || typeof register !== 'function' || apps.has(register) || ownWallets.has(register)) return
    apps.add(register)
    wallets ??= create().then((created) => (created.map((wallet) => ownWallets.add(wallet)), created))
    // A wallet script that failed or did not match its integrity is reported by the browser; an
    // app whose register throws only loses Airlock.
    wallets.then((created) => stopped || unregisters.push(register(...created))).catch(() => {})
  })
  return () => {
    stopped = true
    stop()
    for (const unregister of unregisters.splice(0)) if (typeof unregister === 'function') unregister()
  }
}
