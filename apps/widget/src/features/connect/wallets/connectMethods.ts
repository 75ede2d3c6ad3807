import type { Features } from '@airlock/protocol'

export type ConnectMethod = 'email' | 'social' | 'wallet'

/** SPEC section 1: email, social, wallet; wallet first when the page has wallets installed. */
export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
export const INSTALLED_WALLETS_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social']

/**
 * The order of the Connect view's sections. `features.connectMethodsOrder` wins when set; a method
 * it leaves out keeps its place after the listed ones (the option orders, it does not hide: the
 * features switch sections off). Without it: wallet first when installed wallets exist.
 */
export function connectMethodsOrder(features: Features | undefined, hasInstalledWallets: boolean): ConnectMethod[] {
  const fallback = hasInstalledWallets ? INSTALLED_WALLETS_CONNECT_METHODS_ORDER : DEFAULT_CONNECT_METHODS_ORDER
  const requested = features?.connectMethodsOrder ?? []
  return [...new Set([...requested, ...fallback])]
}

/** The sections to render, in order: those the widget has and the features leave on. */
export function connectSections(
  features: Features | undefined,
  hasInstalledWallets: boolean,
  available: Readonly<Record<ConnectMethod, boolean>>,
): ConnectMethod[] {
  return connectMethodsOrder(features, hasInstalledWallets).filter((method) => available[method])
}
