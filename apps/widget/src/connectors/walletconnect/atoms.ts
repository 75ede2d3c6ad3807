import { atom } from 'jotai'
import type { WalletEntry } from '../../core/session/walletEntry'

/** SPEC section 9: pairing expiry 4 minutes; a pairing with under 10 s left counts as expired. */
export const PAIRING_EXPIRY_MS = 4 * 60_000
export const PAIRING_EXPIRED_MARGIN_MS = 10_000

/** Why a pairing did not become a session, as the ConnectingWalletConnect view words it. */
export interface WcError {
  title: string
  detail: string
}

/** SPEC section 3 "Connection state", for WalletConnect. */
export interface WalletConnectPairing {
  /** The `wc:` URI the QR code and the deep links carry; undefined while it is being made. */
  uri?: string | undefined
  /** Epoch ms after which the URI is not offered any more. */
  expiry?: number | undefined
  /** The wallet the pairing was made for (its links and logo), if one was picked. */
  wallet?: WalletEntry | undefined
  /** The deep link last opened for this pairing (mobile), kept to re-open it. */
  linking?: string | undefined
  error?: WcError | undefined
  /** The connection attempt (WidgetContext.session.attempt) this pairing belongs to. */
  attempt?: number | undefined
}

export const wcPairingAtom = atom<WalletConnectPairing>({})

export function isPairingExpired(expiry: number | undefined, now: number): boolean {
  return expiry === undefined || expiry - now < PAIRING_EXPIRED_MARGIN_MS
}
