/**
 * A wallet the user can pick for WalletConnect: from the explorer, from the dapp's
 * `customWallets`, or the plain "WalletConnect" QR entry (no links, no explorer id).
 */
export interface WalletEntry {
  /** The explorer id, the custom wallet's id, or WALLET_CONNECT_ENTRY_ID. */
  id: string
  name: string
  imageUrl?: string | undefined
  rdns?: string | undefined
  /** A custom scheme (`metamask://`) or a universal link opened on phones. */
  mobileLink?: string | undefined
  desktopLink?: string | undefined
  webappLink?: string | undefined
}

export const WALLET_CONNECT_ENTRY_ID = 'walletConnect'
