import { servedNamespaces } from '../../chains/registry'
import { isSwapNetwork } from '@airlock/chains'
import type { Features, WidgetOptions } from '@airlock/protocol'
import type { RouteName } from '../../core/router/routes'

/** SPEC section 1: the Account view's wallet-feature buttons, in this order unless the dapp says otherwise. */
export const DEFAULT_WALLET_FEATURES_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const
export type WalletFeature = (typeof DEFAULT_WALLET_FEATURES_ORDER)[number]

export interface WalletFeatureButton {
  feature: WalletFeature
  label: string
  route: Extract<RouteName, 'OnRamp' | 'Swap' | 'WalletReceive' | 'WalletSend'>
}

const BUTTONS: Record<WalletFeature, WalletFeatureButton> = {
  onramp: { feature: 'onramp', label: 'Buy', route: 'OnRamp' },
  swaps: { feature: 'swaps', label: 'Swap', route: 'Swap' },
  receive: { feature: 'receive', label: 'Receive', route: 'WalletReceive' },
  send: { feature: 'send', label: 'Send', route: 'WalletSend' },
}

/**
 * Whether a feature works on the network: swaps only where the swap api serves (SPEC section 9:
 * EVM networks); buying where the on-ramp delivers (eip155); sending and receiving on every family
 * the widget has an adapter for.
 */
export function featureSupported(feature: WalletFeature, caipNetworkId: string): boolean {
  if (feature === 'swaps') return isSwapNetwork(caipNetworkId)
  if (feature === 'onramp') return caipNetworkId.startsWith('eip155:')
  return (servedNamespaces() as string[]).includes(caipNetworkId.slice(0, caipNetworkId.indexOf(':')))
}

/**
 * The buttons in `walletFeaturesOrder` (a feature it leaves out is not shown; a repeat counts
 * once), each only when its switch is on (every switch defaults to on) and the network supports it.
 */
export function walletFeatureButtons(
  options: Pick<WidgetOptions, 'walletFeaturesOrder' | 'features'> | undefined,
  caipNetworkId: string,
): WalletFeatureButton[] {
  const order = options?.walletFeaturesOrder ?? DEFAULT_WALLET_FEATURES_ORDER
  const features: Features = options?.features ?? {}
  return [...new Set(order)]
    .filter((feature) => features[feature] !== false && featureSupported(feature, caipNetworkId))
    .map((feature) => BUTTONS[feature])
}

/** SPEC section 1: the history switch (default on) decides whether the Account view offers the Activity list. */
export function historyEnabled(options: Pick<WidgetOptions, 'features'> | undefined): boolean {
  return options?.features?.history !== false
}
