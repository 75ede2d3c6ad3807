import type { Namespace } from '@airlock/protocol'
import { createEip155DappProvider } from './eip155/dappProvider'
import { createSolanaDappProvider } from './solana/dappProvider'
import type { DappProvider, DappProviderDeps } from './types'

/**
 * Each family's dapp-facing provider (getProvider(namespace)). It loads with the widget, not with
 * the family's adapter (registry.ts): a dapp asks eth_chainId as it starts, and a provider is small
 * (its schemas are the protocol's). Apart from registry.ts, whose static imports split the
 * first-load JS into more chunks. Bitcoin's and Polkadot's load with their first request: their schemas are
 * larger, and few dapps ask for them.
 */
const providers: Partial<Record<Namespace, (deps: DappProviderDeps) => DappProvider>> = {
  eip155: createEip155DappProvider,
  solana: createSolanaDappProvider,
  bip122: lazy(async () => (await import('./bip122/dappProvider')).createBitcoinDappProvider),
  polkadot: lazy(async () => (await import('./polkadot/dappProvider')).createPolkadotDappProvider),
}

/** A provider whose code loads with its first request (again with the next one, if loading failed). */
function lazy(load: () => Promise<(deps: DappProviderDeps) => DappProvider>): (deps: DappProviderDeps) => DappProvider {
  return (deps) => {
    let provider: Promise<DappProvider> | undefined
    return async (request) => {
      provider ??= load().then(
        (create) => create(deps),
        (error: unknown) => {
          provider = undefined
          throw error
        },
      )
      return (await provider)(request)
    }
  }
}

/** The provider a dapp gets from getProvider(namespace); undefined for a family the widget does not serve. */
export function createDappProvider(namespace: Namespace, deps: DappProviderDeps): DappProvider | undefined {
  return providers[namespace]?.(deps)
}
