import type { ExplorerWallet, WidgetOptions } from '@airlock/protocol'
import type { WalletEntry } from '../../../core/session/walletEntry'

export type CustomWallet = NonNullable<WidgetOptions['customWallets']>[number]

/** An explorer wallet as the lists and ConnectingWalletConnect use it; `imageUrl` builds the icon URL. */
export function explorerWalletToEntry(wallet: ExplorerWallet, imageUrl: (imageId: string) => string): WalletEntry {
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: wallet.image_id ? imageUrl(wallet.image_id) : undefined,
    rdns: wallet.rdns ?? undefined,
    mobileLink: wallet.mobile_link ?? undefined,
    desktopLink: wallet.desktop_link ?? undefined,
    webappLink: wallet.webapp_link ?? undefined,
  }
}

/** A wallet of the dapp's `customWallets`: its own image_url and links (the explorer knows nothing of it). */
export function customWalletToEntry(wallet: CustomWallet): WalletEntry {
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: wallet.image_url,
    mobileLink: wallet.mobile_link,
    desktopLink: wallet.desktop_link,
    webappLink: wallet.webapp_link,
  }
}
