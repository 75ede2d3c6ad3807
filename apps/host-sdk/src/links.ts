import { isOpenableLink, linkScheme, ProviderRpcError, RpcErrorCode, type WidgetOptions } from '@airlock/protocol'

/** The schemes of the dapp's own wallets' app links: the dapp vouches for those. */
export function dappLinkSchemes(options: Pick<WidgetOptions, 'customWallets'>): Set<string> {
  const links = (options.customWallets ?? []).flatMap((wallet) => [wallet.mobile_link, wallet.desktop_link])
  return new Set(links.flatMap((link) => linkScheme(link ?? '') ?? []))
}

/**
 * Opens a link the widget asked for, in this page or a new tab. Only https, http to this machine,
 * `wc:` and wallet app schemes: the widget must not be able to start a program through the page.
 */
export function openLink(url: string, target: '_blank' | '_self', dappSchemes: ReadonlySet<string>): void {
  if (!isOpenableLink(url, dappSchemes)) {
    throw new ProviderRpcError(
      RpcErrorCode.InvalidParams,
      `Airlock opens only https and wallet app links, not ${linkScheme(url) ?? 'this'}: links`,
    )
  }
  if (target === '_self') window.location.href = url
  else window.open(url, '_blank', 'noopener,noreferrer')
}
