import type { FrameSocialProvider } from '@airlock/protocol'
import type { WalletEntry } from '../../features/connect/wallets/entry'

/** Params per view; `undefined` means the view takes none. */
export interface RouteParams {
  Connect: undefined
  ConnectingExternal: { connectorId: string }
  /** A wallet picked from a list, or the plain QR entry when `wallet` is absent. */
  ConnectingWalletConnect: { wallet?: WalletEntry | undefined }
  /** Basic mode's first view: the QR code (desktop) or the wallet list (mobile). */
  ConnectingWalletConnectBasic: undefined
  Account: undefined
  Networks: undefined
  UnsupportedChain: undefined
  AllWallets: undefined
  /** The AUTH connector's email login: the mailed login code (views/email-verify-otp). */
  EmailVerifyOtp: { email: string }
  /** Any embedded-wallet login on a device new to the wallet: its second factor (views/verify-device). */
  VerifyDevice: undefined
  /** A social login waiting on its popup (views/connecting-social). */
  ConnectingSocial: { provider: FrameSocialProvider }
  /** Sign In With Farcaster: the QR code of its channel (views/connecting-social). */
  ConnectingFarcaster: undefined
  /** The email update of an email login: the new address, then a code to each address (views/update-email). */
  UpdateEmail: undefined
  UpdateEmailPrimaryOtp: { email: string }
  UpdateEmailSecondaryOtp: { email: string }
  /** Protect the embedded wallet with a passkey; the secure frame draws the button (views/add-passkey). */
  AddPasskey: undefined
  /** An embedded-wallet request waiting for the user (stores/approvals.ts). */
  ApproveTransaction: { requestId: string }
  /** Wallet features of a connected account (SPEC sections 2-5), each view in its own chunk. */
  Swap: undefined
  /** Picks the token for one side of the swap (views/swap). */
  SwapSelectToken: { target: 'sourceToken' | 'toToken' }
  SwapPreview: undefined
  WalletSend: undefined
  WalletSendSelectToken: undefined
  WalletReceive: undefined
  /** Buy with a card (views/onramp): currencies, amount, quote, then the provider's checkout popup. */
  OnRamp: undefined
  /** A purchase opened in the checkout popup, polled in the history until it lands. */
  BuyInProgress: { startedAt: number; purchaseCurrency: string }
  /** The transaction history list (views/transactions). */
  Transactions: undefined
  /** SPEC section 4 name registration: the register form (with the error of a failed attempt), then success. */
  RegisterAccountName: { error?: string | undefined }
  RegisterAccountNameSuccess: { name: string }
}

export type RouteName = keyof RouteParams

export type Route = {
  [K in RouteName]: RouteParams[K] extends undefined ? { name: K; params?: undefined } : { name: K; params: RouteParams[K] }
}[RouteName]

export type RouteOf<K extends RouteName> = Extract<Route, { name: K }>
