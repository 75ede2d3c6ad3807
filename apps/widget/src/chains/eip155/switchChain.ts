import { getNetwork, parseCaipNetworkId, parseChainId, toHexChainId } from '@airlock/chains'
import { isRpcErrorObject, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { NetworkContext, WalletSend } from '../types'

/** SPEC section 8: these wallet errors mean "add the chain first". */
export const ADD_CHAIN_CODES: ReadonlySet<number> = new Set([RpcErrorCode.SwitchChainError, 5000, RpcErrorCode.InternalError, 32603])

const chainNotSupported = () => new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')

/**
 * wallet_switchEthereumChain; a wallet that does not know the chain is given it with
 * wallet_addEthereumChain (the RPC proxy as its RPC) and asked again.
 */
export async function switchEip155Chain(send: WalletSend, caipNetworkId: string, networks: NetworkContext): Promise<void> {
  const parsed = parseCaipNetworkId(caipNetworkId)
  const chainId = parsed?.namespace === 'eip155' ? parseChainId(parsed.reference) : undefined
  if (chainId === undefined) throw new ProviderRpcError(RpcErrorCode.ChainDisconnected, 'Unsupported chain')
  const hexChainId = toHexChainId(chainId)
  try {
    await send('wallet_switchEthereumChain', [{ chainId: hexChainId }])
    return
  } catch (error) {
    if (!isRpcErrorObject(error) || !ADD_CHAIN_CODES.has(error.code)) throw error
  }
  const network = getNetwork(caipNetworkId)
  if (!network) throw chainNotSupported()
  try {
    await send('wallet_addEthereumChain', [
      {
        chainId: hexChainId,
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: [networks.rpcUrl(caipNetworkId)],
        ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
      },
    ])
    await send('wallet_switchEthereumChain', [{ chainId: hexChainId }])
  } catch {
    throw chainNotSupported()
  }
}
