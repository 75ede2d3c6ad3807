import {
  WALLET_STANDARD_APP_READY,
  WALLET_STANDARD_CALLS,
  WALLET_STANDARD_FAMILIES,
  WALLET_STANDARD_REGISTER,
  type WalletStandardAppApi,
  type WalletStandardNamespace,
} from '@airlock/protocol'
import { connectorId, type RelayedConnector } from './connector'
import type { LoadExtra } from './load-extra'
import { ownWallets } from './own'
import { familyAccounts, type StandardWallet, type StandardWalletAccount } from './standard'

/**
 * The description of one family (`namespace`) of a Wallet Standard wallet, or nothing when the
 * object is not a wallet of it: it needs the family's connect feature, one of its allow-listed
 * features and one of its chains. A wallet of several families is one connector per family, each
 * with an id of its own. Any script of the page can register a wallet: a property that throws
 * leaves it out, and the caller checks the description against the protocol schema.
 */
export function describeStandardWallet(wallet: unknown, type: 'ANNOUNCED' | 'EXTERNAL', namespace: WalletStandardNamespace): unknown {
  try {
    const { prefix, connect } = WALLET_STANDARD_FAMILIES[namespace]
    const { name, icon, features } = wallet as StandardWallet
    const chains = [...(wallet as StandardWallet).chains].filter((chain) => chain.startsWith(prefix)).slice(0, 16)
    if (
      features[connect] &&
      WALLET_STANDARD_CALLS.some((call) => call !== connect && call.startsWith(prefix) && features[call]) &&
      chains[0]
    ) {
      return { id: connectorId(`ws:${namespace}:`, name), type, namespace, name, icon, chains }
    }
  } catch {
    // Not listed.
  }
  return undefined
}

/**
 * Relays the widget's calls to one family of a Wallet Standard wallet of the page, through
 * relayStandardRequest of the SDK's extra part, loaded at the first call: a page whose user never
 * picks such a wallet in the modal downloads nothing for it.
 */
export const standardConnector = (wallet: StandardWallet, loadExtra: LoadExtra, namespace: WalletStandardNamespace): RelayedConnector => ({
  source: wallet,
  request: async (method, params) => (await loadExtra()).relayStandardRequest(wallet, namespace, method, params),
  watch(emit) {
    const events = wallet.features['standard:events'] as {
      on?(event: 'change', listener: (change: { accounts?: StandardWalletAccount[] }) => void): unknown
    }
    const off = events?.on?.('change', ({ accounts }) => accounts && emit('accountsChanged', familyAccounts(accounts, namespace)))
    return typeof off === 'function' ? (off as () => void) : () => {}
  },
})

/**
 * The app side of the Wallet Standard's window events: answers wallets that register after us
 * (register-wallet) and asks those that loaded before (app-ready). Returns the stop function.
 */
export function listenForStandardWallets(add: (wallet: unknown) => () => void): () => void {
  const register = (...wallets: unknown[]) => {
    const removers = wallets.map(add)
    return () => removers.forEach((remove) => remove())
  }
  ownWallets.add(register)
  const api = Object.freeze({ register })
  const onRegister = (event: Event) => {
    try {
      ;(event as CustomEvent<(api: WalletStandardAppApi) => void>).detail(api)
    } catch {
      // A broken registration only loses its own wallet.
    }
  }
  window.addEventListener(WALLET_STANDARD_REGISTER, onRegister)
  window.dispatchEvent(new CustomEvent(WALLET_STANDARD_APP_READY, { detail: api }))
  return () => window.removeEventListener(WALLET_STANDARD_REGISTER, onRegister)
}
