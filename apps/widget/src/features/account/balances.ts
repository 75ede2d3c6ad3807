import { loadChainAdapter } from '../../chains/registry'
import type { WidgetContext } from '../../core/context'
import { createBalanceCache, type BalanceCache } from '../../core/http/balance'
import { namespaceOf } from '../../core/network/rules'
import type { Namespace } from '@airlock/protocol'

const caches = new WeakMap<WidgetContext, BalanceCache>()

/** The widget's native balance cache: each family reads its own (through the RPC proxy). */
export function balancesOf(ctx: WidgetContext): BalanceCache {
  let cache = caches.get(ctx)
  if (!cache) {
    cache = createBalanceCache(async (caipNetworkId, address) =>
      (await loadChainAdapter(namespaceOf(caipNetworkId) as Namespace)).nativeBalance(ctx.api.rpc, caipNetworkId, address),
    )
    caches.set(ctx, cache)
  }
  return cache
}
