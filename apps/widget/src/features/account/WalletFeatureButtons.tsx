import { useAtomValue } from 'jotai'
import { walletFeatureButtons } from './walletFeatures'
import { activeCaipNetworkIdAtom } from '../../core/network/atoms'
import { optionsAtom } from '../../core/options/atoms'
import { navigateAtom } from '../../core/router/atoms'
import { useWidget } from '../../core/react'
import { preloadRoute } from '../../core/router/registry'

/** SPEC section 1: Buy, Swap, Receive, Send in walletFeaturesOrder, as the feature switches and the network allow. */
export function WalletFeatureButtons() {
  const ctx = useWidget()
  const options = useAtomValue(optionsAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const buttons = walletFeatureButtons(options, caipNetworkId)
  if (buttons.length === 0) return null
  return (
    <div className="al-account-features" data-testid="account-features">
      {buttons.map(({ feature, label, route }) => (
        <button
          key={feature}
          type="button"
          className="al-account-feature"
          data-testid={`account-feature-${feature}`}
          onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: route } })}
          onPointerEnter={() => preloadRoute(route)}
          onFocus={() => preloadRoute(route)}
        >
          {label}
        </button>
      ))}
    </div>
  )
}
