import type { WidgetBootStatus } from './boot'
import type { ConnectorDescription } from './common'
import type { hostMethodParams, widgetMethodResults } from './methods'
import * as p from './patterns'
import * as l from './lite'
import type { AirlockState, HostEvent } from './state'
import type { Message } from 'penpal'

/** Lite twins of the zod schemas the host SDK checks at run time (see lite.ts for why). */
const id = l.string(100)
const path = l.array(l.string(100), 8)
const penpalBase = { namespace: l.literal('penpal'), channel: l.optional(l.string(Infinity)) }
const penpalByType: Record<string, l.Guard> = {
  SYN: l.object({ ...penpalBase, participantId: id }),
  ACK1: l.object({ ...penpalBase, methodPaths: l.array(path, 100) }),
  ACK2: l.object(penpalBase),
  CALL: l.object({ ...penpalBase, id, methodPath: path, args: l.array(l.unknown, 4) }),
  REPLY: l.object({
    ...penpalBase,
    callId: id,
    value: l.present,
    isError: l.optional(l.boolean),
    isSerializedErrorInstance: l.optional(l.boolean),
  }),
  DESTROY: l.object(penpalBase),
}
export const isPenpalEnvelope: l.Guard = (v) => {
  const type = typeof v === 'object' && v !== null ? (v as { type?: unknown }).type : undefined
  return typeof type === 'string' && Object.hasOwn(penpalByType, type) && penpalByType[type]!(v)
}
export const penpalEnvelopeCheck = l.check<Message>(isPenpalEnvelope)

export const isConnectorDescription = l.object({
  id: l.string(200, undefined, 1),
  type: l.oneOf(p.CONNECTOR_DESCRIPTION_TYPES),
  namespace: l.oneOf(p.NAMESPACES),
  name: l.string(100, undefined, 1),
  icon: l.optional(l.string(200_000, p.DATA_IMAGE_URI)),
  rdns: l.optional(l.string(200)),
  chains: l.optional(l.array(l.string(Infinity, p.CAIP_NETWORK_ID), 16)),
})
export const connectorDescriptionCheck = l.check<ConnectorDescription>(isConnectorDescription)

const isAirlockState = l.object({
  ready: l.boolean,
  open: l.boolean,
  view: l.string(64),
  status: l.oneOf(p.CONNECTION_STATUSES),
  activeNamespace: l.oneOf(p.NAMESPACES),
  caipNetworkId: l.optional(l.string(Infinity, p.CAIP_NETWORK_ID)),
  chainId: l.optional(l.union(l.number, l.string(32))),
  address: l.optional(l.string(Infinity, p.ACCOUNT_ADDRESS)),
  caipAddress: l.optional(l.string(Infinity, p.CAIP_ADDRESS)),
  connectorId: l.optional(l.string(Infinity)),
  connectorName: l.optional(l.string(Infinity)),
  themeMode: l.oneOf(p.THEME_MODES),
  error: l.optional(l.string(500)),
  session: l.optional(
    l.object({
      id: l.string(100),
      data: l.record(l.unknown),
      message: l.string(8192),
      signature: l.string(16_386),
      expiresAt: l.string(30),
      token: l.string(4096),
    }),
  ),
  connections: l.optional(
    l.array(
      l.object({
        namespace: l.oneOf(p.NAMESPACES),
        caipAddress: l.string(Infinity, p.CAIP_ADDRESS),
        connectorId: l.string(200),
        connectorName: l.optional(l.string(100)),
      }),
      4,
    ),
  ),
})
export const airlockStateCheck = l.check<AirlockState>(isAirlockState)

export const widgetBootStatusCheck = l.check<WidgetBootStatus>(l.object({ error: l.optional(l.oneOf(p.WIDGET_BOOT_ERRORS)) }))

const isHostEvent = l.union(
  l.object({ type: l.literal('state'), state: isAirlockState }),
  l.object({
    type: l.literal('event'),
    event: l.object({
      timestamp: l.number,
      data: l.object({ type: l.literal('track'), event: l.string(64), properties: l.optional(l.record(l.unknown)) }),
    }),
  }),
  l.object({
    type: l.literal('provider'),
    event: l.object({ namespace: l.oneOf(p.NAMESPACES), event: l.oneOf(p.PROVIDER_EVENTS), data: l.present }),
  }),
)

const method = l.string(100, undefined, 1)
const storageKey = l.string(Infinity, p.STORAGE_KEY)

export const hostMethodChecks: l.Checks<typeof hostMethodParams> = {
  listConnectors: l.check(l.undef),
  connectorRequest: l.check(l.object({ connectorId: l.string(200), method })),
  setVisible: l.check(l.object({ visible: l.boolean })),
  openUrl: l.check(l.object({ url: l.string(4096, p.OPENABLE_URL), target: l.oneOf(['_blank', '_self']) })),
  storageGet: l.check(l.object({ key: storageKey })),
  storageSet: l.check(l.object({ key: storageKey, value: l.string(100_000) })),
  storageRemove: l.check(l.object({ key: storageKey })),
  emit: l.check<HostEvent>(isHostEvent),
  siwx: l.check(l.object({ call: l.oneOf(['getNonce', 'verify']), params: l.present })),
}

const done = l.check(l.undef)
export const widgetResultChecks: l.Checks<typeof widgetMethodResults> = {
  open: done,
  close: done,
  request: l.check(l.unknown),
  getState: airlockStateCheck,
  setOptions: done,
  setTheme: done,
  switchNetwork: done,
  addNetwork: done,
  removeNetwork: done,
  disconnect: done,
  connectorsChanged: done,
  connectorEvent: done,
  signOut: done,
}
