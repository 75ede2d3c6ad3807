import { connectorDescriptionCheck, type ConnectorDescription } from '@airlock/protocol'
import { isEip1193Provider, type Eip1193Provider } from './eip1193'

export interface DiscoveredConnector {
  description: ConnectorDescription
  provider: Eip1193Provider
}

const relayedEvents = ['accountsChanged', 'chainChanged', 'disconnect'] as const
export type RelayedEvent = (typeof relayedEvents)[number]

/**
 * Finds the wallets living in the dapp page: EIP-6963 announcements (deduplicated by rdns, the
 * first announcement wins) and a legacy `window.ethereum` that announced nothing. Every
 * description is checked with the protocol schema, because any script on the page can announce.
 */
export function discoverConnectors(options: {
  ignore: (provider: unknown) => boolean
  onChange: (connectors: ConnectorDescription[]) => void
  onEvent: (connectorId: string, event: RelayedEvent, data: unknown) => void
}) {
  const connectors = new Map<string, DiscoveredConnector>()
  const unsubscribers: (() => void)[] = []
  let changeQueued = false

  const notify = () => {
    if (changeQueued) return
    changeQueued = true
    // Announcements arrive in bursts at start: send one update per burst.
    queueMicrotask(() => {
      changeQueued = false
      options.onChange(list())
    })
  }

  const relay = (id: string, provider: Eip1193Provider) => {
    if (typeof provider.on !== 'function') return
    for (const event of relayedEvents) {
      const listener = (data: unknown) => options.onEvent(id, event, data)
      try {
        provider.on(event, listener)
        unsubscribers.push(() => provider.removeListener?.(event, listener))
      } catch {
        // A wallet without events still works for requests.
      }
    }
  }

  const add = (description: unknown, provider: unknown) => {
    if (!isEip1193Provider(provider) || options.ignore(provider)) return
    const parsed = connectorDescriptionCheck.safeParse(description)
    if (!parsed.success || connectors.has(parsed.data.id)) return
    for (const known of connectors.values()) if (known.provider === provider) return
    connectors.set(parsed.data.id, { description: parsed.data, provider })
    relay(parsed.data.id, provider)
    notify()
  }

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: Record<string, unknown>; provider?: unknown }>).detail
    const info = detail?.info
    if (!info || typeof info !== 'object') return
    add({ id: info.rdns, type: 'ANNOUNCED', namespace: 'eip155', name: info.name, icon: info.icon, rdns: info.rdns }, detail.provider)
  }

  window.addEventListener('eip6963:announceProvider', onAnnounce)
  window.dispatchEvent(new Event('eip6963:requestProvider'))

  const addLegacy = () => {
    const legacy = (window as { ethereum?: unknown }).ethereum
    if (legacy) add({ id: 'injected', type: 'INJECTED', namespace: 'eip155', name: 'Browser Wallet' }, legacy)
  }
  // Announcements are synchronous replies to requestProvider; a legacy provider is only worth
  // listing when it did not announce itself, so look for it once they are in.
  queueMicrotask(addLegacy)

  function list(): ConnectorDescription[] {
    return [...connectors.values()].map((connector) => connector.description)
  }

  return {
    list,
    get: (id: string) => connectors.get(id)?.provider,
    destroy() {
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      for (const unsubscribe of unsubscribers) unsubscribe()
      connectors.clear()
    },
  }
}
