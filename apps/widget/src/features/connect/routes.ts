import { loadWalletConnectModules } from '../../connectors/walletconnect/client'
import { listedWalletsAtom } from '../../connectors/relayed/atoms'
import { eagerView, lazyView } from '../../core/router/registry'
import type { RouteTable } from '../../core/router/routes'
import type { WalletEntry } from '../../core/session/walletEntry'
import { ConnectView } from './ConnectView'

declare module '../../core/router/routes' {
  interface RouteParams {
    Connect: undefined
    /** A wallet of the page (or one the dapp passed), asked for its accounts. */
    ConnectingExternal: { connectorId: string }
    /** A wallet picked from a list, or the plain QR entry when `wallet` is absent. */
    ConnectingWalletConnect: { wallet?: WalletEntry | undefined }
    /** Basic mode's first view: the QR code (desktop) or the wallet list (mobile). */
    ConnectingWalletConnectBasic: undefined
    AllWallets: undefined
  }
}

export const connectRoutes: RouteTable<
  'Connect' | 'ConnectingExternal' | 'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic' | 'AllWallets'
> = {
  // The first paint: bundled with the shell.
  Connect: { view: eagerView(ConnectView), title: 'Connect Wallet' },
  ConnectingExternal: {
    view: lazyView(() => import('./external/ConnectingExternalView')),
    title: ({ connectorId }, get) => get(listedWalletsAtom).find((c) => c.id === connectorId)?.name ?? 'Connecting',
    connecting: true,
  },
  ConnectingWalletConnect: {
    view: lazyView(() => {
      void loadWalletConnectModules()
      return import('./walletconnect/ConnectingWalletConnectView')
    }),
    title: ({ wallet }) => wallet?.name ?? 'WalletConnect',
    connecting: true,
  },
  ConnectingWalletConnectBasic: {
    view: lazyView(() => import('./walletconnect/ConnectingWalletConnectBasicView')),
    title: 'Connect Wallet',
  },
  AllWallets: { view: lazyView(() => import('./all-wallets/AllWalletsView')), title: 'All Wallets' },
}
