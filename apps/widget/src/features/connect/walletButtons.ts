import { openAllWallets, selectWallet } from './wallets/actions'
import type { WidgetContext } from '../../core/context'
import type { WalletItem } from './wallets/lists'
import { AllWalletsView, ConnectingExternalView, ConnectingWalletConnectView } from '../../app/routes'

/** A wallet button: picks the wallet on click; hover or focus loads the view it leads to. */
export function walletButtonHandlers(ctx: WidgetContext, item: WalletItem) {
  const preload = item.connectorId ? ConnectingExternalView.preload : ConnectingWalletConnectView.preload
  return { onClick: () => selectWallet(ctx, item), onPointerEnter: preload, onFocus: preload }
}

/** A button to All Wallets, whose chunk loads on hover or focus. */
export function allWalletsButtonHandlers(ctx: WidgetContext) {
  return { onClick: () => openAllWallets(ctx), onPointerEnter: AllWalletsView.preload, onFocus: AllWalletsView.preload }
}
