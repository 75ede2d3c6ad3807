import { isPolkadotMethod, ProviderRpcError, RpcErrorCode, type PolkadotMethod } from '@airlock/protocol'
import type { DappProvider, DappProviderDeps } from '../types'
import { sameAccount } from './address'
import { checkParams, checkResult } from './rpc'

const accountsOf = (addresses: readonly string[]) => addresses.map((address) => ({ address }))

/**
 * The dapp's Polkadot provider (getProvider('polkadot')): WalletConnect's polkadot_* JSON-RPC with
 * polkadot_accounts / polkadot_requestAccounts for the session a dapp of Airlock does not hold.
 * Params are checked before a wallet sees them, answers before the dapp does. A signing call names
 * the connection's account (in any SS58 format: it is sent on in the network's), else 4100; without
 * a Polkadot wallet it waits for a connection in progress, else 4100; anything off the list 4200.
 */
export function createPolkadotDappProvider(deps: DappProviderDeps): DappProvider {
  return async ({ method, params }) => {
    if (!isPolkadotMethod(method)) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod)
    const connected = deps.connection()?.addresses ?? []
    if (method === 'polkadot_accounts') return accountsOf(connected)
    if (method === 'polkadot_requestAccounts') return accountsOf(connected.length > 0 ? connected : await deps.requestAccounts())
    const checked = checkParams(method, params)
    if (connected.length === 0) await deps.awaitConnection()
    const account = deps.connection()?.addresses.find((address) => sameAccount(address, checked.address))
    if (!account) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The address is not the connected Polkadot account')
    return checkResult(method, await deps.walletRequest(method, withAccount(method, checked, account)))
  }
}

/** The request with the account written as the connection writes it (the payload's too). */
function withAccount(method: PolkadotMethod, params: { address: string; transactionPayload?: object }, address: string) {
  if (method === 'polkadot_signTransaction') return { ...params, address, transactionPayload: { ...params.transactionPayload, address } }
  return { ...params, address }
}
