import type { Namespace } from '@airlock/protocol'
import { createEip155DappProvider } from './eip155/dappProvider'
import { createSolanaDappProvider } from './solana/dappProvider'
import type { DappProvider, DappProviderDeps } from './types'

/**
 * Each family's dapp-facing provider (getProvider(namespace)). It loads with the widget, not with
 * the family's adapter (registry.ts): a dapp asks eth_chainId as it starts, and a provider is small
 * (its schemas are the protocol's). Apart from registry.ts, whose static imports split the
 * first-load JS into more chunks.
 */
const providers: Partial<Record<Namespace, (deps: DappProviderDeps) => DappProvider>> = {
  eip155: createEip155DappProvider,
  solana: createSolanaDappProvider,
}

/** The provider a dapp gets from getProvider(namespace); undefined for a family the widget does not serve. */
export function createDappProvider(namespace: Namespace, deps: DappProviderDeps): DappProvider | undefined {
  return providers[namespace]?.(deps)
}
