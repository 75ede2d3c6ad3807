import {
  isSolanaMethod,
  ProviderRpcError,
  RpcErrorCode,
  solanaMethodParams,
  solanaMethodResults,
  type SolanaMethod,
} from '@airlock/protocol'

export interface SolanaHandlerDeps {
  /** The connected Solana account, if any. */
  address(): string | undefined
  /** To the wallet connected on solana, whatever carries it. */
  walletRequest(method: SolanaMethod, params: unknown): Promise<unknown>
  requestAccounts(): Promise<string[]>
  /** Resolves once solana is connected, waiting for a connect in progress; else rejects 4100 (4001: the user said no). */
  awaitConnection(): Promise<unknown>
}

/**
 * The dapp's Solana provider (getProvider('solana')): WalletConnect's solana_* JSON-RPC. Params are
 * checked before a wallet sees them, answers before the dapp does; a signing call without a Solana
 * wallet waits for a connection in progress, else answers 4100; anything off the list 4200.
 */
export function createSolanaHandler(deps: SolanaHandlerDeps): (request: { method: string; params?: unknown }) => Promise<unknown> {
  return async ({ method, params }) => {
    if (!isSolanaMethod(method)) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod)
    const address = deps.address()
    if (method === 'solana_getAccounts') return address ? [{ pubkey: address }] : []
    if (method === 'solana_requestAccounts') return (address ? [address] : await deps.requestAccounts()).map((pubkey) => ({ pubkey }))
    const parsed = solanaMethodParams[method].safeParse(params)
    if (!parsed.success) throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${method}`)
    if (!address) await deps.awaitConnection()
    const answer = solanaMethodResults[method].safeParse(await deps.walletRequest(method, parsed.data))
    if (!answer.success) throw new ProviderRpcError(RpcErrorCode.InternalError, `The wallet answered ${method} with a malformed result`)
    return answer.data
  }
}
