import * as z from 'zod/mini'
import { PROVIDER_EVENTS } from './patterns'
import { SiwxDappSessionState } from './siwx/api'
import { AccountAddress, CaipAddress, CaipNetworkId, ConnectionStatus, Namespace, ThemeMode } from './common'

/** One namespace's connected account. */
export const NamespaceConnection = z.object({
  namespace: Namespace,
  caipAddress: CaipAddress,
  connectorId: z.string().check(z.maxLength(200)),
  connectorName: z.optional(z.string().check(z.maxLength(100))),
})
export type NamespaceConnection = z.infer<typeof NamespaceConnection>

/**
 * The widget's public state, mirrored into the host SDK so that `getState()` is synchronous. The
 * top-level account and network are the active namespace's; `connections` has every namespace's.
 */
export const AirlockState = z.object({
  ready: z.boolean(),
  open: z.boolean(),
  view: z.string().check(z.maxLength(64)),
  status: ConnectionStatus,
  activeNamespace: Namespace,
  caipNetworkId: z.optional(CaipNetworkId),
  /** eip155: the chain id; other namespaces: the CAIP-2 reference. */
  chainId: z.optional(z.union([z.number(), z.string().check(z.maxLength(32))])),
  address: z.optional(AccountAddress),
  caipAddress: z.optional(CaipAddress),
  connectorId: z.optional(z.string()),
  connectorName: z.optional(z.string()),
  themeMode: ThemeMode,
  error: z.optional(z.string().check(z.maxLength(500))),
  connections: z.optional(z.array(NamespaceConnection).check(z.maxLength(4))),
  /** The sign-in (SIWX) session of the active account on the active network, when there is one. */
  session: z.optional(SiwxDappSessionState),
})
export type AirlockState = z.infer<typeof AirlockState>

/** An analytics-style event delivered to `subscribeEvents` listeners. */
export const AirlockEvent = z.object({
  timestamp: z.number(),
  data: z.object({
    type: z.literal('track'),
    event: z.string().check(z.maxLength(64)),
    properties: z.optional(z.record(z.string(), z.unknown())),
  }),
})
export type AirlockEvent = z.infer<typeof AirlockEvent>

export const ProviderEvent = z.object({
  namespace: Namespace,
  event: z.enum(PROVIDER_EVENTS),
  data: z.unknown(),
})
export type ProviderEvent = z.infer<typeof ProviderEvent>

/** What the widget pushes to the host with `emit`. */
export const HostEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: AirlockState }),
  z.object({ type: z.literal('event'), event: AirlockEvent }),
  z.object({ type: z.literal('provider'), event: ProviderEvent }),
])
export type HostEvent = z.infer<typeof HostEvent>
