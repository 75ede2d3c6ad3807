import { lazy, type ComponentType } from 'react'
import { loadWalletConnectModules } from '../connectors/walletconnect/client'

/** A lazy view whose chunk can be fetched ahead of navigation (on hover, on open). */
function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () => (loading ??= load())
  return { Component: lazy(preload), preload }
}

export const ConnectingExternalView = lazyView(() => import('../features/connect/external/ConnectingExternalView'))
export const AccountView = lazyView(() => import('../features/account/AccountView'))
export const ConnectingWalletConnectView = lazyView(() => {
  void loadWalletConnectModules()
  return import('../features/connect/walletconnect/ConnectingWalletConnectView')
})
export const ConnectingWalletConnectBasicView = lazyView(() => import('../features/connect/walletconnect/ConnectingWalletConnectBasicView'))
export const NetworksView = lazyView(() => import('../features/networks/NetworksView'))
export const UnsupportedChainView = lazyView(() => import('../features/networks/UnsupportedChainView'))
export const AllWalletsView = lazyView(() => import('../features/connect/all-wallets/AllWalletsView'))
export const ApproveTransactionView = lazyView(() => import('../features/approvals/ApproveTransactionView'))
export const EmailVerifyOtpView = lazyView(() => import('../features/auth/email/EmailVerifyOtpView'))
export const VerifyDeviceView = lazyView(() => import('../features/auth/device/VerifyDeviceView'))
export const AddPasskeyView = lazyView(() => import('../features/auth/device/AddPasskeyView'))
export const ConnectingSocialView = lazyView(() => import('../features/auth/social/ConnectingSocialView'))
export const ConnectingFarcasterView = lazyView(() => import('../features/auth/social/ConnectingFarcasterView'))
export const UpdateEmailView = lazyView(() => import('../features/auth/update-email/UpdateEmailView'))
export const UpdateEmailOtpView = lazyView(() => import('../features/auth/update-email/UpdateEmailOtpView'))
export const SwapView = lazyView(() => import('../features/swap/SwapView'))
export const SwapSelectTokenView = lazyView(() => import('../features/swap/SwapSelectTokenView'))
export const SwapPreviewView = lazyView(() => import('../features/swap/SwapPreviewView'))
export const WalletSendView = lazyView(() => import('../features/send/WalletSendView'))
export const WalletSendSelectTokenView = lazyView(() => import('../features/send/WalletSendSelectTokenView'))
export const WalletReceiveView = lazyView(() => import('../features/receive/WalletReceiveView'))
export const OnRampView = lazyView(() => import('../features/onramp/OnRampView'))
export const BuyInProgressView = lazyView(() => import('../features/onramp/BuyInProgressView'))
export const TransactionsView = lazyView(() => import('../features/history/TransactionsView'))
export const RegisterAccountNameView = lazyView(() => import('../features/names/RegisterAccountNameView'))
export const RegisterAccountNameSuccessView = lazyView(() => import('../features/names/RegisterAccountNameSuccessView'))
