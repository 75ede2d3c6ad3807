import type { NetworkContext } from '../chains/types'
import type { WidgetContext } from '../core/context'
import { networksAtom } from '../core/options/atoms'

/** The network facts a family's adapter is given by a connector: the dapp's networks and the RPC proxy. */
export const networkContext = (ctx: WidgetContext): NetworkContext => ({
  requested: ctx.store.get(networksAtom),
  rpcUrl: (id) => ctx.api.rpcUrl(id),
})
