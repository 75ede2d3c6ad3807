import { getNetwork, parseCaipNetworkId, parseChainId, toHexChainId } from '@airlock/chains'
import { isRpcErrorObject, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { walletRequest } from '../../connectors/request'
import { addRequestedNetwork, networkNotFound, removeRequestedNetwork } from '../../core/network/rules'
import { connectionAtom } from '../../core/session/atoms'
import { openAtom } from '../../core/modal/atoms'
import {
  activeCaipNetworkIdAtom,
  networkSwitchesAtom,
  selectedNetworkIdAtom,
  storedNetworkIdAtom,
  unsupportedChainAtom,
} from '../../core/network/atoms'
import { networksAtom, optionsAtom } from '../../core/options/atoms'
import { currentRouteAtom, navigateAtom } from '../../core/router/atoms'
import { ACTIVE_NETWORK_KEY, loadPersisted, savePersisted } from '../../core/storage/persisted'
import { emitProviderEvent, track } from '../../core/events'
import { showModal } from '../../core/modal/modal'
import { setConnectedChain } from '../../core/session/session'

/** SPEC section 8: these wallet errors mean "add the chain first". */
export const ADD_CHAIN_CODES: ReadonlySet<number> = new Set([RpcErrorCode.SwitchChainError, 5000, RpcErrorCode.InternalError, 32603])

const unsupportedChain = () => new ProviderRpcError(RpcErrorCode.ChainDisconnected, 'Unsupported chain')
const chainNotSupported = () => new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')

/**
 * SPEC section 4: switches the wallet (when connected) or the widget's active network, stores
 * the choice for the next load and reports SWITCH_NETWORK. The UnsupportedChain view follows from
 * the stores (watchUnsupportedChain). Forms kept per network start over (networkSwitchesAtom; the
 * send form also belongs to the network it was filled on, for chain changes made in the wallet).
 */
export async function switchNetwork(ctx: WidgetContext, caipNetworkId: string): Promise<void> {
  const parsed = parseCaipNetworkId(caipNetworkId)
  const chainId = parsed?.namespace === 'eip155' ? parseChainId(parsed.reference) : undefined
  if (chainId === undefined) throw unsupportedChain()

  const { status, connectorId } = ctx.store.get(connectionAtom)
  if (status === 'connected' && connectorId) {
    await switchWalletChain(ctx, connectorId, caipNetworkId, chainId)
    ctx.store.set(selectedNetworkIdAtom, caipNetworkId)
    setConnectedChain(ctx, chainId)
  } else {
    if (!getNetwork(caipNetworkId) && !ctx.store.get(networksAtom).includes(caipNetworkId)) throw networkNotFound()
    const before = ctx.store.get(activeCaipNetworkIdAtom)
    ctx.store.set(selectedNetworkIdAtom, caipNetworkId)
    if (before !== caipNetworkId) emitProviderEvent(ctx, 'chainChanged', toHexChainId(chainId))
  }
  ctx.store.set(networkSwitchesAtom, (count) => count + 1)
  savePersisted(ctx, ACTIVE_NETWORK_KEY, caipNetworkId)
  track(ctx, 'SWITCH_NETWORK', { network: caipNetworkId })
}

async function switchWalletChain(ctx: WidgetContext, connectorId: string, caipNetworkId: string, chainId: number): Promise<void> {
  const hexChainId = toHexChainId(chainId)
  try {
    await walletRequest(ctx, connectorId, 'wallet_switchEthereumChain', [{ chainId: hexChainId }])
    return
  } catch (error) {
    if (!isRpcErrorObject(error) || !ADD_CHAIN_CODES.has(error.code)) throw error
  }
  const network = getNetwork(caipNetworkId)
  if (!network) throw chainNotSupported()
  try {
    await walletRequest(ctx, connectorId, 'wallet_addEthereumChain', [
      {
        chainId: hexChainId,
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: [ctx.api.rpcUrl(caipNetworkId)],
        ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
      },
    ])
    await walletRequest(ctx, connectorId, 'wallet_switchEthereumChain', [{ chainId: hexChainId }])
  } catch {
    throw chainNotSupported()
  }
}

/** The dapp's addNetwork: a catalog network joins the requested networks. */
export async function addNetwork(ctx: WidgetContext, caipNetworkId: string): Promise<void> {
  if (!getNetwork(caipNetworkId)) throw networkNotFound()
  const { networks } = addRequestedNetwork({ networks: ctx.store.get(networksAtom), active: '' }, caipNetworkId)
  setRequestedNetworks(ctx, networks)
}

/**
 * The dapp's removeNetwork (SPEC section 4): the last network of a namespace stays; removing the
 * active network switches to its chain's first remaining network.
 */
export async function removeNetwork(ctx: WidgetContext, caipNetworkId: string): Promise<void> {
  const active = ctx.store.get(activeCaipNetworkIdAtom)
  const next = removeRequestedNetwork({ networks: ctx.store.get(networksAtom), active }, caipNetworkId)
  setRequestedNetworks(ctx, next.networks, caipNetworkId)
  if (next.active !== active) await switchNetwork(ctx, next.active)
}

function setRequestedNetworks(ctx: WidgetContext, networks: readonly string[], removed?: string): void {
  const options = ctx.store.get(optionsAtom) ?? { projectId: ctx.config.projectId }
  const { defaultNetwork, ...rest } = options
  const keepDefault = defaultNetwork !== undefined && defaultNetwork !== removed
  ctx.store.set(optionsAtom, { ...rest, ...(keepDefault ? { defaultNetwork } : {}), networks: [...networks] })
}

/** The network stored by an earlier switchNetwork; it counts while the dapp still requests it. */
export async function restoreNetwork(ctx: WidgetContext): Promise<void> {
  const stored = await loadPersisted(ctx, ACTIVE_NETWORK_KEY)
  if (stored !== undefined) ctx.store.set(storedNetworkIdAtom, stored)
}

/**
 * Opens the UnsupportedChain view whenever a connected wallet lands on a network the dapp did
 * not request, and leaves it once the network is supported again (or the wallet is gone).
 * Checked a task later, so that a connect flow that closes the modal does so first.
 */
export function watchUnsupportedChain(ctx: WidgetContext): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const check = () => {
    timer = undefined
    const route = ctx.store.get(currentRouteAtom).name
    if (ctx.store.get(unsupportedChainAtom)) {
      if (route !== 'UnsupportedChain' || !ctx.store.get(openAtom)) showModal(ctx, 'UnsupportedChain')
    } else if (route === 'UnsupportedChain') {
      const connected = ctx.store.get(connectionAtom).status === 'connected'
      ctx.store.set(navigateAtom, { type: 'reset', route: { name: connected ? 'Account' : 'Connect' } })
    }
  }
  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(check, 0)
  }
  const unsubscribe = ctx.store.sub(unsupportedChainAtom, schedule)
  if (ctx.store.get(unsupportedChainAtom)) schedule()
  return () => {
    unsubscribe()
    clearTimeout(timer)
  }
}
