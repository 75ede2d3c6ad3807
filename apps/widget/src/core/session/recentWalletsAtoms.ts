import { atom } from 'jotai'
import type { WalletEntry } from './walletEntry'

/** SPEC section 9: recent wallets kept. */
export const RECENT_WALLETS_MAX = 2

/**
 * A wallet the user connected with lately, newest first. `connectorId` is set for a wallet living
 * in the page (picked again through ConnectingExternal); without it the wallet is reached over
 * WalletConnect (ConnectingWalletConnect).
 */
export type RecentWallet = WalletEntry & { connectorId?: string | undefined }

export const recentWalletsAtom = atom<readonly RecentWallet[]>([])
