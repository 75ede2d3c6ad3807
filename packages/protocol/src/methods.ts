import * as z from 'zod/mini'
import { CaipNetworkId, ConnectorDescription, Namespace, OpenableView, ThemeMode, ThemeVariables } from './common'
import { WidgetOptions } from './options'
import { OPENABLE_URL, STORAGE_KEY } from './patterns'
import { AirlockState, HostEvent, ProviderEvent } from './state'

const none = z.undefined()
const method = z.string().check(z.minLength(1), z.maxLength(100))
const storageKey = z.string().check(z.regex(STORAGE_KEY))

/**
 * Every method is called with one argument (or none) so that a schema covers the whole call.
 * Params are checked where the method runs; results where they are received.
 */
export const widgetMethodParams = {
  open: z.optional(z.object({ view: z.optional(OpenableView), namespace: z.optional(Namespace) })),
  close: none,
  request: z.object({ namespace: Namespace, method, params: z.optional(z.unknown()) }),
  getState: none,
  setOptions: WidgetOptions,
  setTheme: z.object({ themeMode: z.optional(ThemeMode), themeVariables: z.optional(ThemeVariables) }),
  switchNetwork: z.object({ caipNetworkId: CaipNetworkId }),
  addNetwork: z.object({ caipNetworkId: CaipNetworkId }),
  removeNetwork: z.object({ caipNetworkId: CaipNetworkId }),
  /** Without a namespace: every namespace. */
  disconnect: z.optional(z.object({ namespace: z.optional(Namespace) })),
  connectorsChanged: z.object({ connectors: z.array(ConnectorDescription).check(z.maxLength(100)) }),
  connectorEvent: z.object({ connectorId: z.string().check(z.maxLength(200)), event: ProviderEvent.shape.event, data: z.unknown() }),
  /** Ends the sign-in session of the active account (and, when sign-in is required, its connection). */
  signOut: none,
}

export const widgetMethodResults = {
  open: z.void(),
  close: z.void(),
  request: z.unknown(),
  getState: AirlockState,
  setOptions: z.void(),
  setTheme: z.void(),
  switchNetwork: z.void(),
  addNetwork: z.void(),
  removeNetwork: z.void(),
  disconnect: z.void(),
  connectorsChanged: z.void(),
  connectorEvent: z.void(),
  signOut: z.void(),
} satisfies Record<keyof typeof widgetMethodParams, z.ZodMiniType>

export const hostMethodParams = {
  listConnectors: none,
  connectorRequest: z.object({ connectorId: z.string().check(z.maxLength(200)), method, params: z.optional(z.unknown()) }),
  setVisible: z.object({ visible: z.boolean() }),
  openUrl: z.object({
    url: z.string().check(z.maxLength(4096), z.regex(OPENABLE_URL)),
    target: z.enum(['_blank', '_self']),
  }),
  storageGet: z.object({ key: storageKey }),
  storageSet: z.object({ key: storageKey, value: z.string().check(z.maxLength(100_000)) }),
  storageRemove: z.object({ key: storageKey }),
  emit: HostEvent,
  /**
   * A function of the dapp's sign-in configuration (`siwxConfig`): `getNonce` `{ caipAddress }` → the
   * nonce; `verify` `{ message, signature, data }` → whether its backend accepts the sign-in.
   */
  siwx: z.object({ call: z.enum(['getNonce', 'verify']), params: z.unknown() }),
}

export const hostMethodResults = {
  listConnectors: z.array(ConnectorDescription).check(z.maxLength(100)),
  connectorRequest: z.unknown(),
  setVisible: z.void(),
  openUrl: z.void(),
  storageGet: z.nullable(z.string()),
  storageSet: z.void(),
  storageRemove: z.void(),
  emit: z.void(),
  /** Checked by the widget per call (siwx/dapp.ts): a nonce, or a boolean. */
  siwx: z.unknown(),
} satisfies Record<keyof typeof hostMethodParams, z.ZodMiniType>

type ParamMap = Record<string, z.ZodMiniType>
type ResultMap<P extends ParamMap> = { [K in keyof P]: z.ZodMiniType }

/** Implementation signature of a method map: one optional argument, sync or async result. */
export type MethodImpl<P extends ParamMap, R extends ResultMap<P>> = {
  [K in keyof P]: (params: z.output<P[K]>) => z.input<R[K]> | Promise<z.input<R[K]>>
}

/** Caller signature of a method map. */
export type MethodCaller<P extends ParamMap, R extends ResultMap<P>> = {
  [K in keyof P]: undefined extends z.input<P[K]>
    ? (params?: z.input<P[K]>) => Promise<z.output<R[K]>>
    : (params: z.input<P[K]>) => Promise<z.output<R[K]>>
}

export type WidgetMethods = MethodImpl<typeof widgetMethodParams, typeof widgetMethodResults>
export type WidgetApi = MethodCaller<typeof widgetMethodParams, typeof widgetMethodResults>
export type HostMethods = MethodImpl<typeof hostMethodParams, typeof hostMethodResults>
export type HostApi = MethodCaller<typeof hostMethodParams, typeof hostMethodResults>
