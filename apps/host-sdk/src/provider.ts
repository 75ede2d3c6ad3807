import type { ProviderEventName } from '@airlock/protocol'
import { createListeners } from './emitter'
import { ownWallets } from './own'

export interface RequestArguments {
  method: string
  params?: readonly unknown[] | object
}

type Listener = (...args: unknown[]) => void

/** The EIP-1193 provider a dapp gets from `getProvider('eip155')`. */
export interface AirlockProvider {
  readonly isAirlock: true
  request(args: RequestArguments): Promise<unknown>
  on(event: ProviderEventName, listener: Listener): AirlockProvider
  removeListener(event: ProviderEventName, listener: Listener): AirlockProvider
}

export function createProvider(send: (args: RequestArguments) => Promise<unknown>) {
  const listeners = new Map<string, ReturnType<typeof createListeners<unknown>>>()
  const provider: AirlockProvider = {
    isAirlock: true,
    request(args) {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
        return Promise.reject(new TypeError('request() expects { method: string, params? }'))
      }
      return send(args)
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = createListeners<unknown>()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.remove(listener)
      return provider
    },
  }
  ownWallets.add(provider)
  return {
    provider,
    emit: (event: string, data: unknown) => listeners.get(event)?.emit(data),
    clear: () => listeners.clear(),
  }
}

export const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1c1c1f"/><path d="M10 22V13a6 6 0 0 1 12 0v9" stroke="#7c9cff" stroke-width="3" fill="none"/><rect x="8" y="17" width="16" height="8" rx="2" fill="#7c9cff"/></svg>',
  )

/** Announces the Airlock provider through EIP-6963 so wagmi, viem and ethers apps find it. */
export function announceProvider(provider: AirlockProvider): () => void {
  const detail = Object.freeze({
    info: Object.freeze({ uuid: crypto.randomUUID(), name: 'Airlock', icon: ICON, rdns: 'dev.airlock' }),
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}
