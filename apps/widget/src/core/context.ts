import type { DropReason, HostApi, Namespace, WidgetBootConfig } from '@airlock/protocol'
import { createAccountWaiters, type AccountWaiters } from './session/accountWaiters'
import { createPendingEnds, type PendingEnds } from './session/pendingEnds'
import { createApiClient, type ApiClient, type ProjectParams } from './http/client'
import { lazyAnalytics } from './analytics/lazy'
import type { AnalyticsSender } from './analytics/sender'
import { createDataApi, type DataApi } from './http/dataApi'
import { INVALID_APP_CONFIGURATION } from './boot'
import { createIdentityClient, type IdentityClient } from './http/identity'
import { createExplorerClient, type ExplorerClient } from './http/explorer'
import type { AccountDataClient } from './http/accountData'
import { createLazyAccountDataClient } from './http/accountDataLazy'
import { optionsAtom } from './options/atoms'
import { createStore, type Store } from './store'
import { createToastController, type ToastController } from './toast'
import { createMemoryStorage, type KeyValueStorage } from './storage/safeStorage'
import { isMobileAtom } from './platform'
import { RECENT_CONNECTOR_KEY, recentConnectorIdsAtom } from './session/atoms'
import { connectionAtom } from './session/active'

/** The host caller; undefined until the penpal handshake is done. */
export interface HostLink {
  api: HostApi | undefined
}

export interface Session {
  /** Bumped by every connect, reconnect, cancel and disconnect: a late answer compares against it. */
  attempt: number
  reconnecting: Promise<void> | undefined
  /** Until when a connectorsChanged may still bring the stored recent connector. */
  reconnectLookupUntil: number
  /** Bumped by connectorsChanged, so that an older listConnectors answer does not overwrite it. */
  connectorsVersion: number
  accountWaiters: AccountWaiters
  /** The dapp's wallet requests that wait for the attempt in progress to end (core/session/awaitConnection.ts). */
  pendingEnds: PendingEnds
  /**
   * Set by the connector of the attempt in progress: whether leaving its view keeps the attempt
   * alive (a WalletConnect pairing on iOS Safari or Telegram, SPEC section 4).
   */
  keepsAttemptOnLeave: (() => boolean) | undefined
}

export interface HostStats {
  drops: Record<DropReason, number>
  invalidCalls: number
  invalidResults: number
}

export interface WidgetContext {
  config: WidgetBootConfig
  store: Store
  host: HostLink
  storage: KeyValueStorage
  api: ApiClient
  /** The project query of every data API call (options arrive from the host after boot). */
  project: () => ProjectParams
  /** The data API's JSON calls (swap, send, on-ramp, names), parsed with their protocol schemas. */
  dataApi: DataApi
  identity: IdentityClient
  /** The wallet explorer (`/getWallets`, wallet images) at the API origin. */
  explorer: ExplorerClient
  /** Token balances and history of an account (the embedded wallet's Account tabs). */
  accountData: AccountDataClient
  toasts: ToastController
  /** SPEC section 7 analytics (`POST /e`); actions/events.ts `track` feeds it. */
  analytics: AnalyticsSender
  session: Session
  stats: HostStats
  /** Sends a request to the wallet connected on `namespace`, whatever connector carries it. */
  wallet(namespace: Namespace, method: string, params?: unknown): Promise<unknown>
}

/** A request for the wallet connected on a namespace (connectors/request.ts walletRequest). */
export type WalletRequest = (ctx: WidgetContext, namespace: Namespace, method: string, params?: unknown) => Promise<unknown>

export interface WidgetContextDeps {
  config: WidgetBootConfig
  /** How features and chain adapters reach the connected wallet; core knows no connector, so the boot wires it. */
  walletRequest: WalletRequest
  host?: HostApi
  fetch?: typeof fetch
  storage?: KeyValueStorage
  isMobile?: boolean
}

export function createWidgetContext(deps: WidgetContextDeps): WidgetContext {
  const store = createStore()
  const storage = deps.storage ?? createMemoryStorage()
  const fetchImpl = deps.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const project = (): ProjectParams => {
    const options = store.get(optionsAtom)
    return { projectId: options?.projectId ?? deps.config.projectId, sdkType: options?.sdkType, sdkVersion: options?.sdkVersion }
  }
  const api = createApiClient({ apiUrl: deps.config.apiUrl, fetch: fetchImpl, project })
  const dataApi = createDataApi({ apiUrl: deps.config.apiUrl, fetch: fetchImpl, project })
  const toasts = createToastController(store)
  const analyticsEnabled = () => store.get(optionsAtom)?.features?.analytics !== false
  store.set(isMobileAtom, deps.isMobile ?? false)
  store.set(recentConnectorIdsAtom, storage.get(RECENT_CONNECTOR_KEY)?.split(',').filter(Boolean) ?? [])
  const ctx: WidgetContext = {
    config: deps.config,
    store,
    host: { api: deps.host },
    storage,
    api,
    project,
    dataApi,
    identity: createIdentityClient({ apiUrl: deps.config.apiUrl, fetch: fetchImpl, project }),
    explorer: createExplorerClient({ apiUrl: deps.config.apiUrl, fetch: fetchImpl, project }),
    accountData: createLazyAccountDataClient({ apiUrl: deps.config.apiUrl, fetch: fetchImpl, project }),
    toasts,
    analytics: lazyAnalytics(analyticsEnabled, () =>
      import('./analytics/sender').then(({ createAnalyticsSender }) =>
        createAnalyticsSender({
          dataApi,
          pageUrl: `${deps.config.parentOrigin}/`,
          enabled: analyticsEnabled,
          address: () => store.get(connectionAtom).address,
          onInvalidAppConfiguration: () => toasts.show(INVALID_APP_CONFIGURATION, 'error'),
        }),
      ),
    ),
    session: {
      attempt: 0,
      reconnecting: undefined,
      reconnectLookupUntil: 0,
      connectorsVersion: 0,
      accountWaiters: createAccountWaiters(),
      pendingEnds: createPendingEnds(),
      keepsAttemptOnLeave: undefined,
    },
    stats: { drops: { origin: 0, source: 0, malformed: 0 }, invalidCalls: 0, invalidResults: 0 },
    wallet: (namespace, method, params) => deps.walletRequest(ctx, namespace, method, params),
  }
  return ctx
}
