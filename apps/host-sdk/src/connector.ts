import { ProviderRpcError, RpcErrorCode, type ProviderEventName } from '@airlock/protocol'

export type RelayedEvent = Extract<ProviderEventName, 'accountsChanged' | 'chainChanged' | 'disconnect'>

/**
 * A wallet of the dapp page as the widget reaches it: the wallet object itself stays here, the
 * widget sends method names and plain data, and gets plain data back.
 */
export interface RelayedConnector {
  /** The wallet or provider object: the same object is listed once. */
  source: object
  request(method: string, params: unknown): Promise<unknown>
  /** Subscribes to the wallet's events; returns the unsubscribe. */
  watch(emit: (event: RelayedEvent, data: unknown) => void): () => void
}

export const unrelayable = (): ProviderRpcError =>
  new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet answered with a value that cannot be relayed')

/** A wallet's answer as it crosses to the widget: plain data, or a clear error. */
export function relayable<T>(value: T): T {
  try {
    return structuredClone(value)
  } catch {
    throw unrelayable()
  }
}

/** A connector id from a name the page chose: bounded, and only characters that are safe anywhere. */
export const connectorId = (prefix: string, name: unknown): string =>
  prefix +
  String(name)
    .slice(0, 100)
    .replace(/[^\w.-]/g, '_')
