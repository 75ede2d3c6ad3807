import type { NetworkContext } from '../chains/types'
import type { WidgetContext } from '../core/context'
import { networksAtom, optionsAtom } from '../core/options/atoms'

/** The dapp's name for wallets: its metadata's, else its page's host. */
export const dappNameOf = (ctx: WidgetContext): string =>
  ctx.store.get(optionsAtom)?.metadata?.name ?? new URL(ctx.config.parentOrigin).host

/** The network facts a family's adapter is given by a connector: the dapp's networks, its name and the RPC proxy. */
export const networkContext = (ctx: WidgetContext): NetworkContext => ({
  requested: ctx.store.get(networksAtom),
  rpcUrl: (id) => ctx.api.rpcUrl(id),
  dappName: dappNameOf(ctx),
})
