import { isReadOnlyMethod, isSupportedMethod } from '@airlock/protocol'

export type RequestRoute =
  /** Not on the allowlist: 4200. */
  | 'unsupported'
  /** Answered from the widget's state. */
  | 'accounts'
  | 'chainId'
  /** Opens the modal when disconnected. */
  | 'requestAccounts'
  /** To the connected wallet, reads included: it knows its chain. */
  | 'connector'
  /** Read-only, no wallet: the api's RPC proxy. */
  | 'proxy'
  /** A wallet method without a wallet: waits for a connection in progress, else 4100. */
  | 'awaitWallet'

export function routeRequest(method: string, connected: boolean): RequestRoute {
  if (!isSupportedMethod(method)) return 'unsupported'
  if (method === 'eth_accounts') return 'accounts'
  if (method === 'eth_chainId') return 'chainId'
  if (method === 'eth_requestAccounts') return 'requestAccounts'
  if (connected) return 'connector'
  return isReadOnlyMethod(method) ? 'proxy' : 'awaitWallet'
}
