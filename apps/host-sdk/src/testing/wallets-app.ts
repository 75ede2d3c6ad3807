import { vi } from 'vitest'
import type { StandardWallet } from '../standard'

/**
 * A dapp's Wallet Standard app, as `getWallets()` of @wallet-standard/app builds it: a
 * register-wallet listener that hands its frozen API to each wallet's callback, then an app-ready
 * event with that API; `register` skips a wallet it holds and returns the unregister function.
 */
export function walletsApp() {
  const wallets = new Set<StandardWallet>()
  let registrations = 0
  const register = (...added: StandardWallet[]) => {
    registrations++
    added = added.filter((wallet) => !wallets.has(wallet))
    added.forEach((wallet) => wallets.add(wallet))
    return () => added.forEach((wallet) => wallets.delete(wallet))
  }
  const api = Object.freeze({ register })
  const onRegister = (event: Event) => (event as CustomEvent<(app: typeof api) => void>).detail(api)
  window.addEventListener('wallet-standard:register-wallet', onRegister)
  const ready = () => window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  ready()
  return {
    get: () => [...wallets],
    /** How many times a wallet called `register`. */
    get registrations() {
      return registrations
    },
    /**
     * The wallet of a family (`solana:`, `bitcoin:`) the app holds, once Airlock's wallets registered
     * (they may load their code first): one per family, registered together.
     */
    wallet: (family = 'solana:') =>
      vi.waitFor(() => {
        const found = [...wallets].filter((wallet) => wallet.chains.every((chain) => chain.startsWith(family)))
        if (wallets.size !== 2 || found.length !== 1) throw new Error(`${wallets.size} wallets registered`)
        return found[0]!
      }),
    /** Dispatches app-ready again, as the same app started a second time would. */
    ready,
    stop: () => window.removeEventListener('wallet-standard:register-wallet', onRegister),
  }
}
