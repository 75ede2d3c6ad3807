import type UniversalProvider from '@walletconnect/universal-provider'
import type { WidgetContext } from '../../core/context'
import { loadPersisted, savePersisted } from '../../core/storage/persisted'
import { optionsAtom } from '../../core/options/atoms'
import { createWalletConnectStorage, type BlobPersistence, type WalletConnectStorage } from './storage'
import { dappNameOf } from '../networks'

export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'
export const WALLET_CONNECT_NAME = 'WalletConnect'
/** Used when the deployment names no relay in the boot config. */
export const PUBLIC_RELAY_URL = 'wss://relay.walletconnect.org'
export const WALLET_CONNECT_STORAGE_KEY = 'airlock.walletconnect'

/** The session's events; a wallet's session_event names the chain it is about (CAIP-2 `chainId`). */
export type WalletConnectEvent =
  { type: 'sessionEvent'; name: string; data: unknown; chainId: unknown } | { type: 'sessionDeleted' } | { type: 'sessionUpdated' }

export interface WalletConnectClient {
  provider: UniversalProvider
  storage: WalletConnectStorage
  /** Set by the actions layer; provider events are forwarded here. */
  onEvent: (event: WalletConnectEvent) => void
  /** Called with each new pairing URI. */
  onDisplayUri: (uri: string) => void
}

const clients = new WeakMap<WidgetContext, Promise<WalletConnectClient>>()

const importModules = () => Promise.all([import('@walletconnect/universal-provider'), import('@walletconnect/core')])
let modules: ReturnType<typeof importModules> | undefined
/** The WalletConnect code (about 140 kB gzip), fetched once; also on a hover over a WalletConnect wallet. */
export function loadWalletConnectModules(): ReturnType<typeof importModules> {
  modules ??= importModules()
  modules.catch(() => (modules = undefined))
  return modules
}

/** Whether the WalletConnect code has been loaded in this page (reads and events need it). */
export function walletConnectLoaded(ctx: WidgetContext): Promise<WalletConnectClient> | undefined {
  return clients.get(ctx)
}

/**
 * The one UniversalProvider of this widget, loaded on first use (a WalletConnect pick, or a
 * reconnect to a WalletConnect session): the dapp that never uses WalletConnect never downloads it.
 * A failed load is forgotten, so that a retry loads again.
 */
export function loadWalletConnect(ctx: WidgetContext): Promise<WalletConnectClient> {
  let loading = clients.get(ctx)
  if (!loading) {
    loading = createClient(ctx)
    clients.set(ctx, loading)
    loading.catch(() => clients.delete(ctx))
  }
  return loading
}

async function createClient(ctx: WidgetContext): Promise<WalletConnectClient> {
  const [[{ default: Provider }, { Core }], storage] = await Promise.all([
    loadWalletConnectModules(),
    createWalletConnectStorage(persistence(ctx)),
  ])
  const options = ctx.store.get(optionsAtom)
  const metadata = options?.metadata
  const projectId = options?.projectId ?? ctx.config.projectId
  const relayUrl = ctx.config.relayUrl ?? PUBLIC_RELAY_URL
  const core = new Core({ projectId, relayUrl, storage, telemetryEnabled: false, logger: 'silent' })
  // Verify would attest this page's origin (the widget's, not the dapp's named in the metadata),
  // so wallets would flag a mismatch; it also waits up to 5 s on an iframe our CSP refuses.
  core.verify.register = async () => ''
  // Telemetry: WalletConnect posts an INIT event even with telemetryEnabled false.
  core.eventClient.init = async () => undefined
  const provider = await Provider.init({
    core,
    projectId,
    relayUrl,
    storage,
    telemetryEnabled: false,
    logger: 'silent',
    metadata: {
      name: dappNameOf(ctx),
      description: metadata?.description ?? '',
      // Wallets show where the request comes from: the dapp, not the widget.
      url: ctx.config.parentOrigin,
      icons: metadata?.icons ?? [],
    },
  })
  const client: WalletConnectClient = { provider, storage, onEvent: () => {}, onDisplayUri: () => {} }
  provider.on('display_uri', (uri: string) => client.onDisplayUri(uri))
  provider.on('session_event', (event: { params?: { event?: { name?: unknown; data?: unknown }; chainId?: unknown } }) => {
    const name = event?.params?.event?.name
    if (typeof name === 'string')
      client.onEvent({ type: 'sessionEvent', name, data: event.params?.event?.data, chainId: event.params?.chainId })
  })
  provider.on('session_update', () => client.onEvent({ type: 'sessionUpdated' }))
  provider.on('session_delete', () => client.onEvent({ type: 'sessionDeleted' }))
  globalThis.addEventListener?.('pagehide', () => storage.flush())
  return client
}

function persistence(ctx: WidgetContext): BlobPersistence {
  return {
    load: () => loadPersisted(ctx, WALLET_CONNECT_STORAGE_KEY),
    save: (value) => savePersisted(ctx, WALLET_CONNECT_STORAGE_KEY, value),
  }
}
