import { Core } from '@walletconnect/core'
import type { ICore } from '@walletconnect/types'
import { memoryStorage, type WalletConnectStorage } from './storage'

/**
 * What a WalletConnect client (Core 2.25) reaches besides the relay, found by running sign-client
 * and walletkit against the devnet relay with `fetch` logged, and how an offline client avoids it:
 *
 * - Verify, wallet side: `core.verify.resolve` fetches
 *   `https://verify.walletconnect.org/attestation/<hash>` on every proposal and every request
 *   (waits up to 5 s when the network black-holes it). No option turns it off (only
 *   `IS_VITEST=true`), and `metadata.verifyUrl` is replaced by verify.walletconnect.org unless it
 *   is one of the two trusted hosts, so it cannot point at loopback: we replace `resolve` on the
 *   instance (the context stays `validation: "UNKNOWN"`).
 * - Verify, dapp side: in a browser, `connect()` awaits `core.verify.register`, which loads an
 *   iframe from verify.walletconnect.org and gives up after 5 s, before it even publishes the
 *   proposal (so `display_uri` comes late offline); a no-op in Node. Replaced as well. (This file
 *   has no Node imports, so a browser dapp can use it in dev.)
 * - Telemetry: `telemetryEnabled: false` stops the event batches to pulse.walletconnect.org, but
 *   WalletKit's init still posts one INIT event there (`eventClient.init()`), so that is replaced.
 * - Echo (push) is only called by `registerDeviceToken`.
 * - Storage: without `storage`, Core in Node writes files through unstorage's fs-lite driver: we
 *   pass an in-memory one.
 * - Two clients in one process share one Core when their `customStoragePrefix` is equal
 *   (globalThis._walletConnectCore_<prefix>): each Core here gets a unique prefix, and
 *   `stopWalletConnectCore` forgets it.
 */
export interface OfflineCoreOptions {
  relayUrl: string
  projectId: string
  /** Prefix of the unique customStoragePrefix. */
  name?: string
  storage?: WalletConnectStorage
  /** pino level or logger, passed to Core (default 'error'). */
  logger?: string
}

export type WalletConnectCore = InstanceType<typeof Core>

export function createOfflineCore(options: OfflineCoreOptions): WalletConnectCore {
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0')).join('')
  const customStoragePrefix = `${options.name ?? 'airlock-devnet'}-${suffix}`
  const core = new Core({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    storage: options.storage ?? memoryStorage(),
    customStoragePrefix,
    telemetryEnabled: false,
    logger: options.logger ?? 'error',
  })
  // What resolve itself returns when it has nothing (typed as always finding an origin).
  core.verify.resolve = (async () => undefined) as unknown as typeof core.verify.resolve
  core.verify.register = async () => ''
  core.eventClient.init = async () => undefined
  return core
}

/** Closes the socket, stops the heartbeat (the timers that keep Node alive) and forgets the global Core. */
export async function stopWalletConnectCore(core: ICore): Promise<void> {
  core.heartbeat.stop()
  try {
    await core.relayer.transportClose()
  } catch {
    // already closed
  }
  const key = `_walletConnectCore_${core.opts?.customStoragePrefix ?? ''}`
  const global = globalThis as Record<string, unknown>
  delete global[key]
  delete global[`${key}_count`]
}
