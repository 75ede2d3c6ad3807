import { getNetwork, parseCaipNetworkId } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { loadChainAdapter, servedNamespaces } from '../../chains/registry'
import { connectorFor } from '../../connectors/registry'
import { addRequestedNetwork, networkNotFound, removeRequestedNetwork } from '../../core/network/rules'
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
import { track } from '../../core/events'
import { showModal } from '../../core/modal/modal'
import { chooseNamespace, updateConnection } from '../../core/session/session'
import { anyConnectedAtom, connectionAtom } from '../../core/session/active'
import { connectionsAtom } from '../../core/session/atoms'

const unsupportedChain = () => new ProviderRpcError(RpcErrorCode.ChainDisconnected, 'Unsupported chain')

/**
 * SPEC section 4: switches the wallet connected on the network's namespace (through its
 * connector), or only the widget's active network when that namespace has no wallet; the active
 * namespace follows. The choice is stored for the next load and SWITCH_NETWORK reported; forms kept
 * per network start over (networkSwitchesAtom). The UnsupportedChain view follows from the stores
 * (watchUnsupportedChain). A namespace without a wallet, while another has one, asks the user to
 * connect one when the modal is open.
 */
export async function switchNetwork(ctx: WidgetContext, caipNetworkId: string): Promise<void> {
  const namespace = parseCaipNetworkId(caipNetworkId)?.namespace
  if (!namespace || !servedNamespaces().includes(namespace)) throw unsupportedChain()
  const connection = ctx.store.get(connectionsAtom)[namespace]
  if (connection) {
    await connectorFor(ctx, connection.connectorId).switchNetwork(ctx, namespace, caipNetworkId)
    const { addressOn } = await loadChainAdapter(namespace)
    updateConnection(ctx, namespace, {
      caipNetworkId,
      ...(addressOn && { addresses: connection.addresses.map((address) => addressOn(address, caipNetworkId)) }),
    })
  } else if (!getNetwork(caipNetworkId) && !ctx.store.get(networksAtom).includes(caipNetworkId)) throw networkNotFound()
  // Counted first: the dapp's provider hears of a switch made without a wallet (host/providerEvents.ts).
  ctx.store.set(networkSwitchesAtom, (count) => count + 1)
  ctx.store.set(selectedNetworkIdAtom, caipNetworkId)
  chooseNamespace(ctx, namespace)
  savePersisted(ctx, ACTIVE_NETWORK_KEY, caipNetworkId)
  track(ctx, 'SWITCH_NETWORK', { network: caipNetworkId })
  if (!connection && ctx.store.get(anyConnectedAtom) && ctx.store.get(openAtom))
    ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Connect' } })
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
