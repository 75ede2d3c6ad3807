import { ProviderRpcError, RpcErrorCode, type Namespace } from '@airlock/protocol'
import type { ChainAdapter } from './types'

/** Each family's code is its own chunk, fetched the first time a wallet of that family is used. */
const loaders: Partial<Record<Namespace, () => Promise<ChainAdapter>>> = {
  eip155: () => import('./eip155').then((module) => module.eip155Adapter),
  solana: () => import('./solana').then((module) => module.solanaAdapter),
  bip122: () => import('./bip122').then((module) => module.bip122Adapter),
  polkadot: () => import('./polkadot').then((module) => module.polkadotAdapter),
}

const loaded = new Map<Namespace, Promise<ChainAdapter>>()

/** SPEC section 8: 'Chain adapter not found' for a family the widget does not serve. */
export function loadChainAdapter(namespace: Namespace): Promise<ChainAdapter> {
  const load = loaders[namespace]
  if (!load) return Promise.reject(new ProviderRpcError(RpcErrorCode.UnsupportedMethod, 'Chain adapter not found'))
  let adapter = loaded.get(namespace)
  if (!adapter) {
    adapter = load()
    loaded.set(namespace, adapter)
    adapter.catch(() => loaded.delete(namespace))
  }
  return adapter
}

/** The namespaces the widget has an adapter for. */
export const servedNamespaces = (): Namespace[] => Object.keys(loaders) as Namespace[]
