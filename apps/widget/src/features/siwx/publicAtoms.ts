import type { SiwxDappSession } from '@airlock/protocol'
import { atom } from 'jotai'

/** What sign-in shares with the widget's first load (start.ts): two atoms, none of its code. */

/**
 * The active account's sign-in session as the dapp's state shows it (host/publicState.ts), kept by
 * the sign-in watcher (watch.ts). Apart from the rest of sign-in so that a dapp without it loads
 * none of sign-in's code.
 */
export const publicSiwxSessionAtom = atom<SiwxDappSession | undefined>(undefined)

/**
 * Whether the connections last changed by a silent reconnect (a reload), followed from boot: a
 * reload's connection is not asked to sign in unless sign-in is required, a user's is, however late
 * sign-in's chunk arrives.
 */
export const connectedSilentlyAtom = atom(false)
