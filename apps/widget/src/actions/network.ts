import { getNetwork, parseCaipNetworkId, parseChainId, toHexChainId } from '@airlock/chains'
import { isRpcErrorObject, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { connectorRequest } from '../connectors/relayed'
import { connectionAtom } from '../stores/connection'
import { activeCaipNetworkIdAtom, selectedNetworkIdAtom } from '../stores/network'
import { emitProviderEvent, track } from './events'
import { setConnectedChain } from './session'

/** SPEC section 8: these wallet errors mean "add the chain first". */
const ADD_CHAIN_CODES = new Set([RpcErrorCode.SwitchChainError, 5000, RpcErrorCode.InternalError, 32603])

export async function switchNetwork(ctx: WidgetContext, caipNetworkId: string): Promise<void> {
  const parsed = parseCaipNetworkId(caipNetworkId)
  const chainId = parsed?.namespace === 'eip155' ? parseChainId(parsed.reference) : undefined
  if (chainId === undefined) throw new ProviderRpcError(RpcErrorCode.ChainDisconnected, 'Unsupported chain')

  const { status, connectorId } = ctx.store.get(connectionAtom)
  if (status === 'connected' && connectorId) {
    await switchWalletChain(ctx, connectorId, caipNetworkId, chainId)
    setConnectedChain(ctx, chainId)
  } else {
    const before = ctx.store.get(activeCaipNetworkIdAtom)
    ctx.store.set(selectedNetworkIdAtom, caipNetworkId)
    if (before !== caipNetworkId) emitProviderEvent(ctx, 'chainChanged', toHexChainId(chainId))
  }
  track(ctx, 'SWITCH_NETWORK', { network: caipNetworkId })
}

async function switchWalletChain(ctx: WidgetContext, connectorId: string, caipNetworkId: string, chainId: number): Promise<void> {
  const hexChainId = toHexChainId(chainId)
  try {
    await connectorRequest(ctx, connectorId, 'wallet_switchEthereumChain', [{ chainId: hexChainId }])
    return
  } catch (error) {
    if (!isRpcErrorObject(error) || !ADD_CHAIN_CODES.has(error.code)) throw error
  }
  const network = getNetwork(caipNetworkId)
  if (!network) throw chainNotSupported()
  try {
    await connectorRequest(ctx, connectorId, 'wallet_addEthereumChain', [
      {
        chainId: hexChainId,
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: [ctx.api.rpcUrl(caipNetworkId)],
        ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
      },
    ])
    await connectorRequest(ctx, connectorId, 'wallet_switchEthereumChain', [{ chainId: hexChainId }])
  } catch {
    throw chainNotSupported()
  }
}

const chainNotSupported = () => new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')
