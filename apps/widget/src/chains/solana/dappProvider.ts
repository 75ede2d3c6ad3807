import { isSolanaMethod, ProviderRpcError, RpcErrorCode, solanaMethodParams, solanaMethodResults } from '@airlock/protocol'
import type { DappProvider, DappProviderDeps } from '../types'

/**
 * The dapp's Solana provider (getProvider('solana')): WalletConnect's solana_* JSON-RPC. Params are
 * checked before a wallet sees them, answers before the dapp does; a signing call without a Solana
 * wallet waits for a connection in progress, else answers 4100; anything off the list 4200.
 */
export function createSolanaDappProvider(deps: DappProviderDeps): DappProvider {
  return async ({ method, params }) => {
    if (!isSolanaMethod(method)) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod)
    const address = deps.connection()?.addresses[0]
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
