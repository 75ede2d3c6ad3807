import { parseChainId, toHexChainId } from '@airlock/chains'
import { NAMESPACES, ProviderRpcError, RpcErrorCode, type AirlockState, type Namespace, type ProviderEvent } from '@airlock/protocol'
import type { WidgetContext } from '../core/context'
import { emitProviderEvent } from '../core/events'
import { networkSwitchesAtom } from '../core/network/atoms'
import { publicStateAtom } from './publicState'

/** What one namespace's dapp provider knows: its account, if connected, and its network. */
interface ProviderView {
  address: string | undefined
  caipNetworkId: string | undefined
}

function viewOf(state: AirlockState, namespace: Namespace): ProviderView {
  const connection = state.connections?.find((c) => c.namespace === namespace)
  if (connection) {
    const parts = connection.caipAddress.split(':')
    return { address: parts[2], caipNetworkId: `${parts[0]}:${parts[1]}` }
  }
  return { address: undefined, caipNetworkId: state.activeNamespace === namespace ? state.caipNetworkId : undefined }
}

/** How each family's provider writes a network: EIP-1193 a hex chain id, the others the CAIP-2 id. */
function chainOf(namespace: Namespace, caipNetworkId: string): unknown {
  if (namespace !== 'eip155') return caipNetworkId
  const chainId = parseChainId(caipNetworkId.slice('eip155:'.length))
  return chainId === undefined ? undefined : toHexChainId(chainId)
}

/**
 * The events that take a provider from `before` to `after` (EIP-1193's order: connect, then
 * accounts). Without a wallet, the network changes only by a switch (`switched`); the dapp's
 * options moving the default network are not a chain change.
 */
export function providerEvents(namespace: Namespace, before: ProviderView, after: ProviderView, switched: boolean): ProviderEvent[] {
  const event = (name: ProviderEvent['event'], data: unknown): ProviderEvent => ({ namespace, event: name, data })
  if (!before.address && after.address) {
    return [event('connect', { chainId: chainOf(namespace, after.caipNetworkId!) }), event('accountsChanged', [after.address])]
  }
  if (before.address && !after.address) {
    return [event('disconnect', new ProviderRpcError(RpcErrorCode.Disconnected).toJSON()), event('accountsChanged', [])]
  }
  const events: ProviderEvent[] = []
  if (after.address && after.address !== before.address) events.push(event('accountsChanged', [after.address]))
  const moved = before.caipNetworkId !== undefined && before.caipNetworkId !== after.caipNetworkId
  if (after.caipNetworkId && moved && (after.address || switched)) {
    const chain = chainOf(namespace, after.caipNetworkId)
    if (chain !== undefined) events.push(event('chainChanged', chain))
  }
  return events
}

/**
 * Tells each namespace's dapp provider what changed in the session, after the state that says it
 * (subscribed after the state sync, so the host's mirror is current when a provider event arrives).
 */
export function startProviderEvents(ctx: WidgetContext): () => void {
  let last = ctx.store.get(publicStateAtom)
  let switches = ctx.store.get(networkSwitchesAtom)
  return ctx.store.sub(publicStateAtom, () => {
    const next = ctx.store.get(publicStateAtom)
    const switched = ctx.store.get(networkSwitchesAtom) !== switches
    switches = ctx.store.get(networkSwitchesAtom)
    for (const namespace of NAMESPACES) {
      for (const event of providerEvents(namespace, viewOf(last, namespace), viewOf(next, namespace), switched))
        emitProviderEvent(ctx, event)
    }
    last = next
  })
}
