import { atom } from 'jotai'

/**
 * Account state of SPEC section 3 that is not the connection itself. `currentTab`: the tab the
 * embedded wallet's Account view shows (Tokens, NFTs, Activity); it stays as the user left it
 * while the widget lives.
 */
export const ACCOUNT_TABS = ['tokens', 'nfts', 'activity'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

export const accountTabAtom = atom<AccountTab>('tokens')
