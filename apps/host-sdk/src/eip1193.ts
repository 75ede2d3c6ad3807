import { relayable, type RelayedConnector, type RelayedEvent } from './connector'

/** The shape of a provider found in the page: anything with `request`, maybe with events. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function'
}

const relayedEvents: RelayedEvent[] = ['accountsChanged', 'chainChanged', 'disconnect']

export const eip1193Connector = (provider: Eip1193Provider): RelayedConnector => ({
  source: provider,
  request: async (method, params) => relayable(await provider.request(params === undefined ? { method } : { method, params })),
  watch(emit) {
    const offs: (() => unknown)[] = []
    if (typeof provider.on === 'function') {
      for (const event of relayedEvents) {
        const listener = (data: unknown) => emit(event, data)
        try {
          provider.on(event, listener)
          offs.push(() => provider.removeListener?.(event, listener))
        } catch {
          // A wallet without events still works for requests.
        }
      }
    }
    return () => offs.forEach((off) => off())
  },
})
