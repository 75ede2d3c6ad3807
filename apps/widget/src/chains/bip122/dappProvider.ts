import { isBitcoinMethod, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { DappProvider, DappProviderDeps } from '../types'
import { checkParams, checkResult } from './rpc'

/**
 * The dapp's Bitcoin provider (getProvider('bip122')): Airlock's Bitcoin RPC, sats-connect's names
 * and shapes (BITCOIN_METHODS). Params are checked before a wallet sees them, answers before the
 * dapp does. `getAddresses` opens the modal when no Bitcoin wallet is connected; a signing call
 * without one waits for a connection in progress, else answers 4100; it may name only the
 * connection's addresses. `sendTransfer` goes the Send form's way, whatever the wallet: a PSBT
 * planned here from the connection's UTXOs at the node's fee rate, signed by the wallet and
 * broadcast through the API (a wallet that signs no PSBT is asked to send it itself). Anything off
 * the list: 4200.
 */
export function createBitcoinDappProvider(deps: DappProviderDeps): DappProvider {
  /** The connection a signing call acts for, waiting for one in progress; `named`: the addresses the call would sign for. */
  const connected = async (named: readonly string[]) => {
    if (!deps.connection()) await deps.awaitConnection()
    const connection = deps.connection()
    if (!connection) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'No Bitcoin wallet is connected')
    const stranger = named.find((address) => !connection.addresses.includes(address))
    if (stranger !== undefined)
      throw new ProviderRpcError(RpcErrorCode.Unauthorized, `${stranger} is not an address of the connected Bitcoin wallet`)
    return connection
  }
  const ask = async (method: string, params: unknown) => deps.walletRequest(method, params)

  return async ({ method, params }) => {
    if (!isBitcoinMethod(method)) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod)
    switch (method) {
      case 'getAddresses': {
        const checked = checkParams(method, params)
        if (!deps.connection()) await deps.requestAccounts()
        return checkResult(method, await ask(method, checked))
      }
      case 'signMessage': {
        const checked = checkParams(method, params)
        await connected([checked.address])
        return checkResult(method, await ask(method, checked))
      }
      case 'signPsbt': {
        const checked = checkParams(method, params)
        await connected(Object.keys(checked.signInputs))
        return checkResult(method, await ask(method, checked))
      }
      case 'sendTransfer': {
        const [recipient] = checkParams(method, params).recipients
        const { caipNetworkId, addresses } = await connected([])
        const transfer = { caipNetworkId, from: addresses[0]!, to: recipient!.address, amount: BigInt(recipient!.amount) }
        // The adapter's chunk (bitcoinjs) loads with the first transfer, as for the Send form.
        const { bip122Adapter } = await import('.')
        return checkResult(method, { txid: await bip122Adapter.sendTransfer(deps.proxyRequest, ask, transfer, undefined) })
      }
    }
  }
}
