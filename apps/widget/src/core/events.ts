import type { HostEvent, ProviderEvent } from '@airlock/protocol'
import type { WidgetContext } from './context'

export function emitHostEvent(ctx: WidgetContext, event: HostEvent): void {
  // A host that went away cannot be told anything; the state is re-sent on the next handshake.
  ctx.host.api?.emit(event).catch(() => {})
}

/** An event for the dapp's provider of one namespace (getProvider(namespace)). */
export function emitProviderEvent(ctx: WidgetContext, event: ProviderEvent): void {
  emitHostEvent(ctx, { type: 'provider', event })
}

/** An analytics event: to the dapp's subscribers (subscribeEvents) and to the api (SPEC section 7). */
export function track(ctx: WidgetContext, event: string, properties?: Record<string, unknown>): void {
  ctx.analytics.send(event, properties)
  emitHostEvent(ctx, {
    type: 'event',
    event: { timestamp: Date.now(), data: { type: 'track', event, ...(properties ? { properties } : {}) } },
  })
}
