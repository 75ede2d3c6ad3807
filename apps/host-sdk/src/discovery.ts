import {
  connectorDescriptionCheck,
  WALLET_STANDARD_FAMILIES,
  type ConnectorDescription,
  type WalletStandardNamespace,
} from '@airlock/protocol'
import { connectorId, type RelayedConnector, type RelayedEvent } from './connector'
import { ownWallets } from './own'
import { eip1193Connector, isEip1193Provider, type Eip1193Provider } from './eip1193'
import type { LoadExtra } from './load-extra'
import type { StandardWallet } from './standard'
import { describeStandardWallet, listenForStandardWallets, standardConnector } from './wallet-standard'

/** A wallet the dapp hands to createAirlock: an EIP-1193 provider (eip155) or a Wallet Standard wallet (solana, bip122). */
export type ExternalWallet = { name: string; icon?: string; id?: string; provider: Eip1193Provider } | { wallet: StandardWallet }

/**
 * The wallets of the dapp page, whatever found them: the dapp's own (`wallets`, listed first),
 * EIP-6963 announcements (deduplicated by rdns, the first wins), a legacy `window.ethereum` that
 * announced nothing, Wallet Standard wallets (one connector per family), sats-connect providers
 * and Polkadot extensions (described by the extra part); never Airlock's own. Every description is checked with the
 * protocol schema, because any script on the page can announce; the same object is listed once
 * per family.
 */
export function discoverConnectors(options: {
  wallets?: readonly ExternalWallet[] | undefined
  /** The SDK's extra part, which relays the calls to Wallet Standard wallets and describes sats-connect providers and Polkadot extensions. */
  loadExtra: LoadExtra
  onChange: (connectors: ConnectorDescription[]) => void
  onEvent: (connectorId: string, event: RelayedEvent, data: unknown) => void
}) {
  const connectors = new Map<string, { description: ConnectorDescription; connector: RelayedConnector; unwatch: () => void }>()
  let changeQueued = false
  let destroyed = false

  const notify = () => {
    if (changeQueued) return
    changeQueued = true
    // Announcements arrive in bursts at start: send one update per burst.
    queueMicrotask(() => {
      changeQueued = false
      options.onChange(list())
    })
  }

  /** Lists a connector; returns its removal, or nothing when it is not listed. */
  const add = (description: unknown, connector: RelayedConnector): (() => void) | undefined => {
    const parsed = connectorDescriptionCheck.safeParse(description)
    if (!parsed.success || connectors.has(parsed.data.id) || ownWallets.has(connector.source)) return
    const { id, namespace } = parsed.data
    for (const known of connectors.values())
      if (known.connector.source === connector.source && known.description.namespace === namespace) return
    let unwatch = () => {}
    try {
      unwatch = connector.watch((event, data) => options.onEvent(id, event, data))
    } catch {
      // A wallet without events still works for requests.
    }
    connectors.set(id, { description: parsed.data, connector, unwatch })
    notify()
    return () => {
      if (connectors.get(id)?.connector !== connector) return
      connectors.delete(id)
      unwatch()
      notify()
    }
  }
  const addProvider = (description: object, provider: unknown) =>
    isEip1193Provider(provider) ? add(description, eip1193Connector(provider)) : undefined
  const addWallet = (wallet: unknown, type: 'ANNOUNCED' | 'EXTERNAL') => {
    const removers = (Object.keys(WALLET_STANDARD_FAMILIES) as WalletStandardNamespace[]).flatMap(
      (namespace) =>
        add(describeStandardWallet(wallet, type, namespace), standardConnector(wallet as StandardWallet, options.loadExtra, namespace)) ??
        [],
    )
    return removers[0] && (() => removers.forEach((remove) => remove()))
  }

  options.wallets?.forEach((entry, i) => {
    const added =
      'wallet' in entry
        ? addWallet(entry.wallet, 'EXTERNAL')
        : addProvider(
            { id: entry.id ?? connectorId('ext:', entry.name), type: 'EXTERNAL', namespace: 'eip155', name: entry.name, icon: entry.icon },
            entry.provider,
          )
    if (!added) {
      throw new TypeError(
        `wallets[${i}]: expected { name, provider } (EIP-1193) or { wallet } (Wallet Standard, Solana or Bitcoin), each once`,
      )
    }
  })

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: Record<string, unknown>; provider?: unknown }>).detail
    const info = detail?.info
    if (!info || typeof info !== 'object') return
    addProvider(
      { id: info.rdns, type: 'ANNOUNCED', namespace: 'eip155', name: info.name, icon: info.icon, rdns: info.rdns },
      detail.provider,
    )
  }

  window.addEventListener('eip6963:announceProvider', onAnnounce)
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  const stopStandard = listenForStandardWallets((wallet) => addWallet(wallet, 'ANNOUNCED') ?? (() => {}))

  // The probe of sats-connect wallets (WBIP004) and Polkadot extensions: the extra part describes
  // them and relays their calls. Extensions inject late, so it runs again after `load` (the listed
  // ones are not listed twice).
  const probe = () => {
    const { btc_providers, injectedWeb3 } = window as { btc_providers?: unknown; injectedWeb3?: object }
    // Airlock's own entry of injectedWeb3 (injected-web3.ts) is no reason to load anything.
    if (btc_providers || Object.values(injectedWeb3 ?? {}).some((entry) => !ownWallets.has(entry))) {
      options
        .loadExtra()
        .then(
          (extra) =>
            destroyed ||
            [...extra.satsConnectConnectors(), ...extra.polkadotConnectors()].forEach(([description, connector]) =>
              add(description, connector),
            ),
        )
        .catch(() => {})
    }
  }
  window.addEventListener('load', probe)

  // Announcements are synchronous replies to requestProvider; a legacy provider is only worth
  // listing when it did not announce itself, so look for it once they are in.
  queueMicrotask(() => {
    const { ethereum } = window as { ethereum?: unknown }
    if (ethereum) addProvider({ id: 'injected', type: 'INJECTED', namespace: 'eip155', name: 'Browser Wallet' }, ethereum)
    probe()
  })

  function list(): ConnectorDescription[] {
    return [...connectors.values()].map((connector) => connector.description)
  }

  return {
    list,
    get: (id: string) => connectors.get(id)?.connector,
    destroy() {
      destroyed = true
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      window.removeEventListener('load', probe)
      stopStandard()
      for (const { unwatch } of connectors.values()) unwatch()
      connectors.clear()
    },
  }
}
