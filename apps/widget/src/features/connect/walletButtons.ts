import { preloadRoute } from '../../core/router/registry'
import { openAllWallets, selectWallet } from './wallets/actions'
import type { WidgetContext } from '../../core/context'
import type { WalletItem } from './wallets/lists'

/** A wallet button: picks the wallet on click; hover or focus loads the view it leads to. */
export function walletButtonHandlers(ctx: WidgetContext, item: WalletItem) {
  const preload = () => preloadRoute(item.connectorId ? 'ConnectingExternal' : 'ConnectingWalletConnect')
  return { onClick: () => selectWallet(ctx, item), onPointerEnter: preload, onFocus: preload }
}

const preloadAllWallets = () => preloadRoute('AllWallets')

/** A button to All Wallets, whose chunk loads on hover or focus. */
export function allWalletsButtonHandlers(ctx: WidgetContext) {
  return { onClick: () => openAllWallets(ctx), onPointerEnter: preloadAllWallets, onFocus: preloadAllWallets }
}
