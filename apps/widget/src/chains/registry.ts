import { ProviderRpcError, RpcErrorCode, type Namespace } from '@airlock/protocol'
import { createEip155DappProvider } from './eip155/dappProvider'
import { createSolanaDappProvider } from './solana/dappProvider'
import type { ChainAdapter, DappProvider, DappProviderDeps } from './types'

/**
 * The families the widget serves. Each adapter is its own chunk, fetched the first time a wallet of
 * that family is used. The dapp-facing provider loads with the widget instead: a dapp asks
 * eth_chainId as it starts, and a provider is small (its schemas are the protocol's).
 */
const families: Partial<Record<Namespace, { load: () => Promise<ChainAdapter>; dappProvider: (deps: DappProviderDeps) => DappProvider }>> =
  {
    eip155: { load: () => import('./eip155').then((module) => module.eip155Adapter), dappProvider: createEip155DappProvider },
    solana: { load: () => import('./solana').then((module) => module.solanaAdapter), dappProvider: createSolanaDappProvider },
  }

const loaded = new Map<Namespace, Promise<ChainAdapter>>()

/** SPEC section 8: 'Chain adapter not found' for a family the widget does not serve. */
export function loadChainAdapter(namespace: Namespace): Promise<ChainAdapter> {
  const family = families[namespace]
  if (!family) return Promise.reject(new ProviderRpcError(RpcErrorCode.UnsupportedMethod, 'Chain adapter not found'))
  let adapter = loaded.get(namespace)
  if (!adapter) {
    adapter = family.load()
    loaded.set(namespace, adapter)
    adapter.catch(() => loaded.delete(namespace))
  }
  return adapter
}

/** The provider a dapp gets from getProvider(namespace); undefined for a family the widget does not serve. */
export function createDappProvider(namespace: Namespace, deps: DappProviderDeps): DappProvider | undefined {
  return families[namespace]?.dappProvider(deps)
}

/** The namespaces the widget has an adapter for. */
export const servedNamespaces = (): Namespace[] => Object.keys(families) as Namespace[]
