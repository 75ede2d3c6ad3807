import { isBitcoinMethod, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { DappProvider, DappProviderDeps } from '../types'
import { checkParams, checkResult } from './rpc'

/**
 * The dapp's Bitcoin provider (getProvider('bip122')): Airlock's Bitcoin RPC, sats-connect's names
 * and shapes (BITCOIN_METHODS). Params are checked before a wallet sees them, answers before the
 * dapp does. `getAddresses` opens the modal when no Bitcoin wallet is connected; a signing call
 * without one waits for a connection in progress, else answers 4100; it may name only the
 * connection's addresses. Anything off the list: 4200.
 */
export function createBitcoinDappProvider(deps: DappProviderDeps): DappProvider {
  return async ({ method, params }) => {
    if (!isBitcoinMethod(method)) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod)
    const checked = checkParams(method, params)
    if (method === 'getAddresses') {
      if (!deps.connection()) await deps.requestAccounts()
    } else {
      if (!deps.connection()) await deps.awaitConnection()
      const own = deps.connection()?.addresses ?? []
      const named = method === 'signMessage' ? [(checked as { address: string }).address] : []
      if (method === 'signPsbt') named.push(...Object.keys((checked as { signInputs: object }).signInputs))
      const stranger = named.find((address) => !own.includes(address))
      if (stranger !== undefined)
        throw new ProviderRpcError(RpcErrorCode.Unauthorized, `${stranger} is not an address of the connected Bitcoin wallet`)
    }
    return checkResult(method, await deps.walletRequest(method, checked))
  }
}
