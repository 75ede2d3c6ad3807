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
export const EmailVerifyDeviceView = lazyView(() => import('./email-verify-device/EmailVerifyDeviceView'))
export const ConnectingSocialView = lazyView(() => import('./connecting-social/ConnectingSocialView'))
export const ConnectingFarcasterView = lazyView(() => import('./connecting-social/ConnectingFarcasterView'))
export const UpdateEmailView = lazyView(() => import('./update-email/UpdateEmailView'))
export const UpdateEmailOtpView = lazyView(() => import('./update-email/UpdateEmailOtpView'))
