import { ProviderRpcError, RpcErrorCode, SATS_CONNECT_METHODS, toProviderRpcError } from '@airlock/protocol'
import { connectorId, relayable, type RelayedConnector, type RelayedEvent } from './connector'
import { dataValue, FORBIDDEN_KEYS } from './page-data'

/** What a sats-connect provider's `id` must lead to. */
export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<unknown>
}

/** Real ids are one or two segments (`XverseProviders.BitcoinProvider`, `LeatherProvider`). */
const MAX_SEGMENTS = 4
const IDENTIFIER = /^[A-Za-z_$][\w$]{0,63}$/

/**
 * The provider a WBIP004 entry's `id` names: a dotted path on `window`, followed through at most
 * MAX_SEGMENTS identifiers, never a FORBIDDEN_KEYS one, own data properties only. The provider's
 * `request` may be its own or its class's (a prototype's), a data property as well.
 */
export function resolveSatsConnectProvider(id: unknown, root: object = window): SatsConnectProvider | undefined {
  if (typeof id !== 'string') return undefined
  const segments = id.split('.')
  if (segments.length > MAX_SEGMENTS || !segments.every((segment) => IDENTIFIER.test(segment) && !FORBIDDEN_KEYS.includes(segment))) {
    return undefined
  }
  const provider = segments.reduce<unknown>(dataValue, root)
  return method(provider, 'request') ? (provider as SatsConnectProvider) : undefined
}

/** A method of the object's own or of its class's (a prototype's, three deep), a data property only. */
function method(object: unknown, name: string): ((...args: unknown[]) => unknown) | undefined {
  for (let depth = 0, holder = object; depth < 3 && holder; depth++, holder = Object.getPrototypeOf(holder)) {
    const value = dataValue(holder, name)
    if (typeof value === 'function') return value as (...args: unknown[]) => unknown
  }
  return undefined
}

/**
 * sats-connect's events (its provider's `addListener({ eventName, cb })`) as the widget reads
 * them: an account change as accountsChanged, a network change as chainChanged, a disconnection
 * (`disconnect`, which Xverse's documentation calls `accountDisconnected`) as disconnect, each with
 * the wallet's event object (its addresses, its network).
 */
const SATS_CONNECT_EVENTS: readonly (readonly [string, RelayedEvent])[] = [
  ['accountChange', 'accountsChanged'],
  ['networkChange', 'chainChanged'],
  ['disconnect', 'disconnect'],
  ['accountDisconnected', 'disconnect'],
]

function watchSatsConnect(provider: SatsConnectProvider, emit: (event: RelayedEvent, data: unknown) => void): () => void {
  const addListener = method(provider, 'addListener')
  const offs = SATS_CONNECT_EVENTS.flatMap(([eventName, event]) => {
    try {
      const off = addListener?.call(provider, {
        eventName,
        cb(data: unknown) {
          try {
            emit(event, relayable(data))
          } catch {
            // An event that cannot cross to the widget is not relayed.
          }
        },
      })
      return typeof off === 'function' ? [off] : []
    } catch {
      // A wallet without this event (or without addListener) still works for requests.
      return []
    }
  })
  return () =>
    offs.forEach((off) => {
      try {
        off()
      } catch {
        // Already removed.
      }
    })
}

/**
 * Relays the widget's calls to a sats-connect provider: only SATS_CONNECT_METHODS (and, when the
 * entry lists its `methods`, only those), params as the widget sent them (plain data, checked by
 * the wallet), and the answer's `result` back, or its `error` thrown with its code.
 */
const satsConnectConnector = (provider: SatsConnectProvider, methods: readonly string[]): RelayedConnector => ({
  source: provider,
  async request(method, params) {
    if (!methods.includes(method)) {
      throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `This wallet does not support ${method.slice(0, 100)}`)
    }
    let response: { status?: unknown; result?: unknown; error?: unknown } | undefined
    try {
      response = (await provider.request(method, params)) as typeof response
    } catch (error) {
      // Wallets of the V1 era throw a JSON-RPC response object.
      throw toProviderRpcError((error as { error?: unknown } | undefined)?.error ?? error)
    }
    if (response?.error !== undefined || response?.status === 'error') throw toProviderRpcError(response.error)
    return relayable(response?.result)
  },
  watch: (emit) => watchSatsConnect(provider, emit),
})

/**
 * The connectors of `window.btc_providers` (WBIP004 entries `{ id, name, icon, methods? }`) whose
 * id resolves to a provider. The descriptions are checked against the protocol schema by the caller.
 */
export function satsConnectConnectors(root: object = window): [unknown, RelayedConnector][] {
  const entries = dataValue(root, 'btc_providers')
  if (!Array.isArray(entries)) return []
  return entries.slice(0, 16).flatMap((entry): [unknown, RelayedConnector][] => {
    try {
      const { id, name, icon, methods } = entry as Record<string, unknown>
      const provider = resolveSatsConnectProvider(id, root)
      if (!provider) return []
      const allowed = SATS_CONNECT_METHODS.filter((method) => !Array.isArray(methods) || methods.includes(method))
      const description = { id: connectorId('sats-connect:', id), type: 'ANNOUNCED', namespace: 'bip122', name, icon }
      return [[description, satsConnectConnector(provider, allowed)]]
    } catch {
      // An entry whose properties throw is not listed.
      return []
    }
  })
}
