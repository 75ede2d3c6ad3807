import type { ConnectorDescription } from '@airlock/protocol'

export interface VisibilityContext {
  isMobile: boolean
  /** Matched against rdns for now: explorer ids are not known for announced wallets. */
  excludeWalletIds: readonly string[]
}

/**
 * The protocol has no `installed` flag: the host lists only wallets it found in the page, so a
 * listed connector counts as installed unless a description says otherwise.
 */
export type ListedConnector = ConnectorDescription & { installed?: boolean }

export const BROWSER_WALLET_NAME = 'Browser Wallet'

/** SPEC section 5 hiding rules. */
export function isConnectorHidden(connector: ListedConnector, context: VisibilityContext): boolean {
  if (connector.name === BROWSER_WALLET_NAME && !context.isMobile) return true
  const excluded = connector.rdns !== undefined && context.excludeWalletIds.includes(connector.rdns)
  switch (connector.type) {
    case 'INJECTED':
      return (!connector.rdns && connector.installed === false) || excluded
    case 'ANNOUNCED':
    case 'EXTERNAL':
      return excluded
  }
}

/**
 * One entry per rdns and family; an announced (EIP-6963) entry wins over an injected one in its
 * place. A wallet's entries of other families keep its rdns (the registry gives a Polkadot
 * extension its wallet's) and stay: they are one row with it (multichain.ts).
 */
export function dedupeByRdns<T extends ListedConnector>(connectors: readonly T[]): T[] {
  const result: T[] = []
  const indexByRdns = new Map<string, number>()
  for (const connector of connectors) {
    if (!connector.rdns) {
      result.push(connector)
      continue
    }
    const key = `${connector.namespace} ${connector.rdns}`
    const index = indexByRdns.get(key)
    if (index === undefined) {
      indexByRdns.set(key, result.push(connector) - 1)
    } else if (result[index]!.type === 'INJECTED' && connector.type === 'ANNOUNCED') {
      result[index] = connector
    }
  }
  return result
}

export function visibleConnectors<T extends ListedConnector>(connectors: readonly T[], context: VisibilityContext): T[] {
  return dedupeByRdns(connectors.filter((connector) => !isConnectorHidden(connector, context)))
}

/** The key for data-testid and React lists: rdns when known, otherwise the connector id. */
export function connectorKey(connector: Pick<ConnectorDescription, 'id' | 'rdns'>): string {
  return connector.rdns || connector.id
}
