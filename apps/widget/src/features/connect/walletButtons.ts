import { loadChainAdapter } from '../../chains/registry'
import { listedWalletsAtom } from '../../connectors/relayed/atoms'
import { preloadRoute } from '../../core/router/registry'
import { openAllWallets, selectWallet } from './wallets/actions'
import type { WidgetContext } from '../../core/context'
import type { WalletItem } from './wallets/lists'

/** A wallet button: picks the wallet on click; hover or focus loads the view it leads to, and the wallet's families' code. */
export function walletButtonHandlers(ctx: WidgetContext, item: WalletItem) {
  const preload = () => {
    preloadRoute(item.connectorId ? 'ConnectingExternal' : 'ConnectingWalletConnect')
    const wallet = item.connectorId ? ctx.store.get(listedWalletsAtom).find((w) => w.id === item.connectorId) : undefined
    for (const namespace of wallet?.namespaces ?? []) loadChainAdapter(namespace).catch(() => {})
  }
  return { onClick: () => selectWallet(ctx, item), onPointerEnter: preload, onFocus: preload }
}

const preloadAllWallets = () => preloadRoute('AllWallets')

/** A button to All Wallets, whose chunk loads on hover or focus. */
export function allWalletsButtonHandlers(ctx: WidgetContext) {
  return { onClick: () => openAllWallets(ctx), onPointerEnter: preloadAllWallets, onFocus: preloadAllWallets }
}
