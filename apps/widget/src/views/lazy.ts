import { lazy, type ComponentType } from 'react'
import { loadWalletConnectModules } from '../connectors/walletconnect/client'

/** A lazy view whose chunk can be fetched ahead of navigation (on hover, on open). */
function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () => (loading ??= load())
  return { Component: lazy(preload), preload }
}

export const ConnectingExternalView = lazyView(() => import('./connecting-external/ConnectingExternalView'))
export const AccountView = lazyView(() => import('./account/AccountView'))
export const ConnectingWalletConnectView = lazyView(() => {
  void loadWalletConnectModules()
  return import('./connecting-walletconnect/ConnectingWalletConnectView')
})
export const ConnectingWalletConnectBasicView = lazyView(() => import('./connecting-walletconnect/ConnectingWalletConnectBasicView'))
export const NetworksView = lazyView(() => import('./networks/NetworksView'))
export const UnsupportedChainView = lazyView(() => import('./unsupported-chain/UnsupportedChainView'))
export const AllWalletsView = lazyView(() => import('./all-wallets/AllWalletsView'))
export const ApproveTransactionView = lazyView(() => import('./approve-transaction/ApproveTransactionView'))
export const EmailVerifyOtpView = lazyView(() => import('./email-verify-otp/EmailVerifyOtpView'))
export const VerifyDeviceView = lazyView(() => import('./verify-device/VerifyDeviceView'))
export const AddPasskeyView = lazyView(() => import('./add-passkey/AddPasskeyView'))
export const ConnectingSocialView = lazyView(() => import('./connecting-social/ConnectingSocialView'))
export const ConnectingFarcasterView = lazyView(() => import('./connecting-social/ConnectingFarcasterView'))
export const UpdateEmailView = lazyView(() => import('./update-email/UpdateEmailView'))
export const UpdateEmailOtpView = lazyView(() => import('./update-email/UpdateEmailOtpView'))
export const SwapView = lazyView(() => import('./swap/SwapView'))
export const SwapSelectTokenView = lazyView(() => import('./swap/SwapSelectTokenView'))
export const SwapPreviewView = lazyView(() => import('./swap/SwapPreviewView'))
export const WalletSendView = lazyView(() => import('./wallet-send/WalletSendView'))
export const WalletSendSelectTokenView = lazyView(() => import('./wallet-send/WalletSendSelectTokenView'))
export const WalletReceiveView = lazyView(() => import('./wallet-receive/WalletReceiveView'))
export const OnRampView = lazyView(() => import('./onramp/OnRampView'))
export const BuyInProgressView = lazyView(() => import('./onramp/BuyInProgressView'))
export const TransactionsView = lazyView(() => import('./transactions/TransactionsView'))
export const RegisterAccountNameView = lazyView(() => import('./register-account-name/RegisterAccountNameView'))
export const RegisterAccountNameSuccessView = lazyView(() => import('./register-account-name/RegisterAccountNameSuccessView'))
