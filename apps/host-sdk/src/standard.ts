import { WALLET_STANDARD_FAMILIES, type WalletStandardNamespace } from '@airlock/protocol'

/** The Wallet Standard (github.com/wallet-standard), as much of it as the SDK touches. */
export interface StandardWalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
  readonly icon?: string
}

export interface StandardWallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly StandardWalletAccount[]
}

/** An account as plain data, which postMessage carries to the widget (a wallet's own may be a class instance). */
const plainAccount = ({ address, publicKey, chains, features }: StandardWalletAccount) => ({
  address,
  publicKey,
  chains: [...chains],
  features: [...features],
})

/**
 * A family's accounts as plain data: a wallet of several families connects and reports all of
 * its accounts, and each family's connector gets its own only (their keys differ in length).
 */
export const familyAccounts = (accounts: readonly StandardWalletAccount[], namespace: WalletStandardNamespace) =>
  accounts.filter(({ chains }) => chains.some((chain) => chain.startsWith(WALLET_STANDARD_FAMILIES[namespace].prefix))).map(plainAccount)
