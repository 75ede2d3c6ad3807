import {
  createCaller,
  exposeMethods,
  hostMethodChecks,
  type hostMethodParams,
  type hostMethodResults,
  initialState,
  PinnedWindowMessenger,
  ProviderRpcError,
  RpcErrorCode,
  widgetResultChecks,
  type widgetMethodResults,
  type AirlockEvent,
  type AirlockState,
  type DropReason,
  type SiwxDappSession,
  type SiwxMessageData,
  type SiwxSettings,
  type HostEvent,
  type HostMethods,
  type Namespace,
  type WidgetApi,
  type WidgetOptions,
  type widgetMethodParams,
  type WidgetBootError,
} from '@airlock/protocol'
import { connect } from 'penpal'
import type { Airlock, Diagnostics, ProviderNamespace } from './api'
import { discoverConnectors, type ExternalWallet } from './discovery'
import { createListeners } from './emitter'
import { fetchBootError } from './boot-status'
import { destroyedError, refusedError, unavailableError } from './errors'
import { createWidgetFrame, type Overlay, type WidgetFrame } from './frame'
import { dappLinkSchemes, openLink } from './links'
import { announceProvider, createProvider, ICON } from './provider'
import type { Extra, LoadExtra } from './load-extra'
import { registerWhenAsked } from './wallet-registration'
import { injectAirlock } from './injected-web3'

export const SDK_VERSION = '0.6.0'
export const DEFAULT_WIDGET_URL = 'https://widget.airlock.dev'
/** How long after the widget page loaded its handshake may take before we call it failed. */
const HANDSHAKE_GRACE_MS = 3000
const STORAGE_PREFIX = 'airlock:'

export type AirlockOptions = WidgetOptions & {
  /** Origin serving the widget; the one-line script defaults it to its own origin. */
  widgetUrl?: string
  /** The dapp's own wallets, listed as EXTERNAL connectors (they stay in the page, as discovered ones do). */
  wallets?: readonly ExternalWallet[]
  /** Sign-in with the dapp's own nonce and verification instead of the API's (not with `siwx`). */
  siwxConfig?: SiwxConfig
}

/** A sign-in configuration of the dapp's own: its backend makes the nonce and checks the signed message. */
export interface SiwxConfig extends SiwxSettings {
  /** A fresh nonce (8 to 64 letters and digits) for the account (CAIP-10). */
  getNonce(request: { caipAddress: string }): Promise<string>
  /** Whether the dapp's backend accepts the sign-in: it checks the message, its nonce and the signature. */
  verify(signIn: { message: string; signature: string; data: SiwxMessageData }): Promise<boolean>
}

/**
 * `createAirlock` of both entry points (index.ts, script.ts), each with its own way of loading the
 * part of the SDK that only some pages need (extra.ts). Airlock also registers itself as the Solana
 * wallet "Airlock" of the Wallet Standard with the page's apps.
 */
export function startAirlock(options: AirlockOptions, loadExtra: LoadExtra): Airlock {
  if (!options || typeof options.projectId !== 'string' || !options.projectId) {
    throw new Error('Project ID Not Configured: pass { projectId } to createAirlock().')
  }
  // `wallets` and `siwxConfig`'s functions stay here, and never go to the widget.
  const { widgetUrl = DEFAULT_WIDGET_URL, wallets, siwxConfig, ...widgetOptions } = options
  const dappSchemes = dappLinkSchemes(widgetOptions)
  const widgetOrigin = new URL(widgetUrl).origin

  let state: AirlockState = { ...initialState, themeMode: options.themeMode ?? initialState.themeMode }
  let destroyed = false
  let frame: Overlay | undefined
  let destroyConnection: (() => void) | undefined
  let widget: WidgetApi | undefined
  let failure: ProviderRpcError | undefined
  let waiters: { resolve: (api: WidgetApi) => void; reject: (error: unknown) => void }[] = []
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const diagnostics: Diagnostics = { dropped: { origin: 0, source: 0, malformed: 0, invalid: 0 } }
  const onDrop = (reason: DropReason | 'invalid') => diagnostics.dropped[reason]++

  const stateListeners = createListeners<AirlockState>()
  const eventListeners = createListeners<AirlockEvent>()
  const relayProvider = (namespace: ProviderNamespace) =>
    createProvider((args) => {
      try {
        structuredClone(args.params)
      } catch {
        return Promise.reject(new ProviderRpcError(RpcErrorCode.InvalidParams, 'Request params must be plain data'))
      }
      return call((api) => api.request({ namespace, method: args.method, params: args.params }))
    })
  const providers = {
    eip155: relayProvider('eip155'),
    solana: relayProvider('solana'),
    bip122: relayProvider('bip122'),
    polkadot: relayProvider('polkadot'),
  }

  const setState = (next: AirlockState) => {
    state = next
    stateListeners.emit(state)
  }

  const setVisible = (visible: boolean) => {
    if (!frame) return
    if (visible) frame.show(widget !== undefined)
    else frame.hide()
  }

  const discovery = discoverConnectors({
    wallets,
    loadExtra,
    onChange: (connectors) => void call((api) => api.connectorsChanged({ connectors })).catch(() => {}),
    onEvent: (connectorId, event, data) =>
      void call((api) => api.connectorEvent({ connectorId, event, data: plain(data) })).catch(() => {}),
  })

  const hostMethods: HostMethods = {
    listConnectors: () => discovery.list(),
    connectorRequest({ connectorId, method, params }) {
      const connector = discovery.get(connectorId)
      if (!connector) throw new ProviderRpcError(RpcErrorCode.Disconnected, `Wallet ${connectorId} is not available in this page`)
      return connector.request(method, params)
    },
    setVisible: ({ visible }) => setVisible(visible),
    openUrl: ({ url, target }) => openLink(url, target, dappSchemes),
    storageGet: ({ key }) => safeStorage(() => localStorage.getItem(STORAGE_PREFIX + key)) ?? null,
    storageSet: ({ key, value }) => void safeStorage(() => localStorage.setItem(STORAGE_PREFIX + key, value)),
    storageRemove: ({ key }) => void safeStorage(() => localStorage.removeItem(STORAGE_PREFIX + key)),
    siwx: ({ call, params }) => siwxConfig![call](params as never),
    emit: (event: HostEvent) => {
      if (event.type === 'state') setState(event.state)
      else if (event.type === 'event') eventListeners.emit(event.event)
      else
        (providers as Partial<Record<Namespace, (typeof providers)['eip155']>>)[event.event.namespace]?.emit(
          event.event.event,
          event.event.data,
        )
    },
  }

  function ensureFrame(): Overlay {
    if (frame) return frame
    const src = new URL(widgetUrl)
    src.searchParams.set('projectId', options.projectId)
    src.searchParams.set('origin', window.location.origin)
    const created = createWidgetFrame(src.href, () => after(HANDSHAKE_GRACE_MS, () => widget || fail()))
    frame = created
    const connection = connect({
      messenger: new PinnedWindowMessenger({ remoteWindow: created.element.contentWindow!, remoteOrigin: widgetOrigin, onDrop }),
      methods: exposeMethods<typeof hostMethodParams, typeof hostMethodResults>(hostMethodChecks, hostMethods, () => onDrop('invalid')),
    })
    destroyConnection = connection.destroy
    void fetchBootError(widgetUrl, options.projectId).then(async (alert) => alert && refuse(created, alert, await loadExtra()))
    connection.promise.then(
      (remote) => {
        if (destroyed) return
        widget = createCaller<typeof widgetMethodParams, typeof widgetMethodResults>(widgetResultChecks, remote, () => onDrop('invalid'))
        failure = undefined
        flush()
        if (created.isVisible()) created.element.focus()
      },
      () => fail(),
    )
    // The SDK's options go first, ahead of anything the dapp queues.
    void call((api) =>
      api.setOptions({ ...widgetOptions, ...(siwxConfig && { siwxConfig: JSON.parse(JSON.stringify(siwxConfig)) }) }),
    ).catch((error: unknown) => {
      // A widget that never connected has said why already (fail, refuse).
      if (error !== failure) setState({ ...state, error: error instanceof Error ? error.message : String(error) })
    })
    return created
  }

  function fail() {
    if (widget || destroyed || failure) return
    failure = unavailableError()
    setState({ ...state, error: failure.message })
    flush()
  }

  /** The widget origin will not boot for this page: its alert takes the frame's place, for good. */
  function refuse(created: WidgetFrame, alert: WidgetBootError, { createBootAlert }: Extra) {
    if (widget || destroyed) return
    destroyConnection?.()
    const visible = created.isVisible()
    created.remove()
    frame = createBootAlert(alert, () => void instance.close())
    if (visible) frame.show(true)
    failure = refusedError(alert)
    setState({ ...state, error: alert })
    flush()
  }

  function flush() {
    const pending = waiters
    waiters = []
    for (const waiter of pending) {
      if (widget) waiter.resolve(widget)
      else waiter.reject(failure)
    }
  }

  /** Runs a widget call once the handshake is done; calls made earlier wait in order. */
  function call<T>(run: (api: WidgetApi) => Promise<T>): Promise<T> {
    if (destroyed) return Promise.reject(destroyedError())
    ensureFrame()
    if (widget) return run(widget)
    if (failure) return Promise.reject(failure)
    return new Promise<WidgetApi>((resolve, reject) => waiters.push({ resolve, reject })).then(run)
  }

  function after(ms: number, run: () => unknown) {
    const timer = setTimeout(() => {
      timers.delete(timer)
      run()
    }, ms)
    timers.add(timer)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && frame?.isVisible()) void instance.close().catch(() => {})
  }
  document.addEventListener('keydown', onKeyDown)

  const unannounce = announceProvider(providers.eip155.provider)
  const unregisterWallet = registerWhenAsked(async () => (await loadExtra()).createAirlockWallets(instance, ICON))
  const uninject = injectAirlock(SDK_VERSION, async () => (await loadExtra()).enableAirlockPolkadot(instance))

  // Preload when the page is idle, so that open() only has to show the frame.
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1))
  idle(() => destroyed || ensureFrame(), { timeout: 2000 })

  const guard = () => {
    if (destroyed) throw destroyedError()
  }

  const instance: Airlock = {
    async open(openOptions) {
      guard()
      ensureFrame().show(widget !== undefined)
      await call((api) => api.open(openOptions))
    },
    async close() {
      guard()
      // The widget decides: a required sign-in keeps the modal (SIWX), and it hides the frame itself.
      if (widget) await widget.close()
      else frame?.hide()
    },
    getProvider(namespace) {
      guard()
      if (!Object.hasOwn(providers, namespace)) throw new Error(`Namespace ${String(namespace)} is not supported yet`)
      return providers[namespace].provider
    },
    getState: () => state,
    subscribeState: (listener) => stateListeners.add(listener),
    subscribeAccount: (listener) =>
      stateListeners.add((s) => listener({ status: s.status, address: s.address, caipAddress: s.caipAddress })),
    subscribeNetwork: (listener) => stateListeners.add((s) => listener({ caipNetworkId: s.caipNetworkId, chainId: s.chainId })),
    subscribeEvents: (listener) => eventListeners.add(listener),
    getSession: () => state.session as SiwxDappSession | undefined,
    subscribeSession(listener) {
      let last = state.session
      return stateListeners.add((s) => {
        if (s.session?.token !== last?.token) listener((last = s.session) as SiwxDappSession | undefined)
      })
    },
    signOut: () => call((api) => api.signOut()),
    setThemeMode: (themeMode) => call((api) => api.setTheme({ themeMode })),
    setThemeVariables: (themeVariables) => call((api) => api.setTheme({ themeVariables })),
    switchNetwork: (caipNetworkId) => call((api) => api.switchNetwork({ caipNetworkId })),
    addNetwork: (caipNetworkId) => call((api) => api.addNetwork({ caipNetworkId })),
    removeNetwork: (caipNetworkId) => call((api) => api.removeNetwork({ caipNetworkId })),
    disconnect: (disconnectOptions) => call((api) => api.disconnect(disconnectOptions)),
    getDiagnostics: () => structuredClone(diagnostics),
    destroy() {
      if (destroyed) return
      destroyed = true
      failure = destroyedError()
      flush()
      for (const timer of timers) clearTimeout(timer)
      document.removeEventListener('keydown', onKeyDown)
      unannounce()
      unregisterWallet()
      uninject()
      discovery.destroy()
      destroyConnection?.()
      frame?.remove()
      stateListeners.clear()
      eventListeners.clear()
      for (const provider of Object.values(providers)) provider.clear()
    },
  }
  return instance
}

function safeStorage<T>(run: () => T): T | undefined {
  try {
    return run()
  } catch {
    // Storage can be disabled or full; the widget keeps its own memory fallback.
    return undefined
  }
}

/** Wallet event payloads may hold anything; only plain data crosses to the widget. */
function plain(data: unknown): unknown {
  try {
    return structuredClone(data)
  } catch {
    return data instanceof Error ? { message: data.message } : undefined
  }
}
