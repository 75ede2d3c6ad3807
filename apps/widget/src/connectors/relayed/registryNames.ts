import { POLKADOT_EXTENSION_CONNECTOR_PREFIX, type ConnectorDescription, type ExplorerWallet } from '@airlock/protocol'

/**
 * Page wallets that tell the page nothing but a key: a Polkadot extension is `{ version, enable }`
 * under its `window.injectedWeb3` key. The wallet registry names them (its wallets list that key as
 * their polkadot `injected_id`), so that SubWallet's extension is "SubWallet" with SubWallet's icon,
 * and one wallet with SubWallet's other families (multichain.ts merges by name). Pure.
 */

/** A page connector as the lists show it: the registry's icon is a URL (preloaded), a page wallet's a data: URI. */
export type NamedConnector = ConnectorDescription & {
  imageUrl?: string | undefined
  /** The registry's id of the wallet, so that its explorer entry is not listed beside it. */
  walletId?: string | undefined
}

/** What the registry says of a key: its wallet, or null when no wallet lists it (or the registry did not answer). */
export type RegistryName = { name: string; rdns?: string | undefined; imageUrl?: string | undefined; walletId: string } | null

/** `polkadot:<key>` for a connector the registry names; undefined for those that name themselves. */
export function injectedRef(connector: Pick<ConnectorDescription, 'id'>): string | undefined {
  return connector.id.startsWith(POLKADOT_EXTENSION_CONNECTOR_PREFIX)
    ? `polkadot:${connector.id.slice(POLKADOT_EXTENSION_CONNECTOR_PREFIX.length)}`
    : undefined
}

/** Each ref's wallet among the registry's answer (in the registry's order: the first that lists it), or null. */
export function namesFromRegistry(
  refs: readonly string[],
  wallets: readonly ExplorerWallet[],
  imageUrl: (imageId: string) => string,
): Map<string, RegistryName> {
  return new Map(
    refs.map((ref) => {
      const wallet = wallets.find((w) => w.injected?.some((i) => `${i.namespace}:${i.injected_id}` === ref))
      const name: RegistryName = wallet
        ? {
            name: wallet.name,
            rdns: wallet.rdns ?? undefined,
            imageUrl: wallet.image_id ? imageUrl(wallet.image_id) : undefined,
            walletId: wallet.id,
          }
        : null
      return [ref, name]
    }),
  )
}

/**
 * The connectors with their registry names: a connector still waiting for its name is left out
 * (it would otherwise show its key, then move into its wallet's row); one the registry does not
 * know keeps its key as its name.
 */
export function withRegistryNames(connectors: readonly ConnectorDescription[], names: ReadonlyMap<string, RegistryName>): NamedConnector[] {
  return connectors.flatMap((connector): NamedConnector[] => {
    const ref = injectedRef(connector)
    if (ref === undefined) return [connector]
    if (!names.has(ref)) return []
    const found = names.get(ref)
    if (!found) return [connector]
    return [
      { ...connector, name: found.name, ...(found.rdns ? { rdns: found.rdns } : {}), imageUrl: found.imageUrl, walletId: found.walletId },
    ]
  })
}
