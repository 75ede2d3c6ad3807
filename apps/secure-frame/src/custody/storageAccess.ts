import { openDeviceStore } from './deviceStore'
import { indexedDbVault, type DeviceShare, type DeviceVault } from './vault'

/**
 * One browser, one device across dapps (issue 23). The frame is a third-party iframe: its storage
 * is partitioned per top-level site, so each new dapp site would be a new device needing a new
 * key-service code. The Storage Access API "beyond cookies" (Chromium 125+:
 * `document.requestStorageAccess({ indexedDB: true })`) hands the frame the secure origin's
 * unpartitioned IndexedDB, which is the same on every dapp site.
 *
 * What Chromium 156 does here (measured, dapp -> widget -> secure frame, all cross-site):
 * - Third-party cookies allowed (Chrome's default profile): `hasStorageAccess()` is true and the
 *   request resolves at once, without a click or a prompt; the handle's IndexedDB written on dapp A
 *   is read on dapp B.
 * - Third-party cookies blocked (incognito, the user's setting): a request needs a click in the
 *   frame and a first-party visit to the secure origin before (the login popup; else "the embedded
 *   site has never been interacted with as a top-level context"), then the browser's prompt; a
 *   grant is per dapp site. Headless Chromium has no prompt and refuses ("Permission denied").
 * - No `allow="storage-access"` is needed on either iframe (the feature's default allowlist is *).
 * Firefox and Safari have no `indexedDB` on the handle: the frame stays partitioned there.
 */
export type StorageAccessState = 'granted' | 'ask' | 'refused' | 'unsupported'

interface StorageAccessHandle {
  indexedDB?: IDBFactory
}
/** The API as Chromium has it (TypeScript's DOM types know only the cookie form). */
interface StorageAccessDocument {
  hasStorageAccess?: () => Promise<boolean>
  requestStorageAccess?: (types?: { indexedDB: boolean }) => Promise<StorageAccessHandle | undefined>
}

export interface StorageAccess {
  /** Without a click: whether the browser gives the unpartitioned storage already, may ask, or will not. */
  state(): Promise<StorageAccessState>
  /**
   * The unpartitioned IndexedDB: quietly where the state is `granted`, or in the user's click on the
   * frame's own button (the browser may show its prompt); undefined where refused or unsupported.
   */
  request(): Promise<IDBFactory | undefined>
}

export function createStorageAccess(
  doc: Document = document,
  permissions: Permissions | undefined = globalThis.navigator?.permissions,
): StorageAccess {
  const api = doc as unknown as StorageAccessDocument
  return {
    async state() {
      if (typeof api.requestStorageAccess !== 'function' || typeof api.hasStorageAccess !== 'function') return 'unsupported'
      if (await api.hasStorageAccess().catch(() => false)) return 'granted'
      const permission = await permissions?.query({ name: 'storage-access' as PermissionName }).then(
        (status) => status.state,
        () => 'prompt' as const,
      )
      return permission === 'granted' ? 'granted' : permission === 'denied' ? 'refused' : 'ask'
    },
    async request() {
      if (typeof api.requestStorageAccess !== 'function') return undefined
      try {
        return (await api.requestStorageAccess({ indexedDB: true }))?.indexedDB
      } catch {
        return undefined
      }
    },
  }
}

/**
 * The device vault on the secure origin's unpartitioned IndexedDB, with the partitioned vault kept
 * beside it: a share is read from the shared store first, then from this site's own (and copied to
 * the shared store, so that a share saved before the grant is found on other sites and never
 * lost); it is saved to both, so that this site still opens the wallet if the grant goes.
 */
export function sharedVault(shared: DeviceVault, partitioned: DeviceVault): DeviceVault {
  return {
    kind: shared.kind,
    async load(userId) {
      const found = await shared.load(userId).catch(() => undefined)
      if (found) return found
      const local = await partitioned.load(userId)
      if (local) await shared.save(userId, copy(local)).catch(() => undefined)
      return local
    },
    async save(userId, value) {
      await shared.save(userId, value)
      await partitioned.save(userId, value).catch(() => undefined)
    },
    async remove(userId) {
      await Promise.all([shared.remove(userId).catch(() => undefined), partitioned.remove(userId)])
    },
  }
}

const copy = ({ share, address }: DeviceShare): DeviceShare => ({ share: share.slice(), address })

/** How long the frame waits for the browser's storage answers it asks without a click (a login waits on them). */
const OPEN_SHARED_MS = 5000

/** The promise's value, or undefined once `ms` have passed (a browser that never answers must not hold the login). */
function settleWithin<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([promise, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))]).finally(() =>
    clearTimeout(timer),
  )
}

/** Whether the vault reads the unpartitioned store, and what the frame may still ask. */
export type FrameVaultReach = 'shared' | 'ask' | 'refused'

export interface FrameVaults {
  vault(): Promise<DeviceVault>
  /** `shared` once the vault reads the unpartitioned store; else whether a click may ask for it. */
  reach(): Promise<FrameVaultReach>
  /** In the user's click: asks the browser; true once the vault reads the shared store. */
  ask(): Promise<boolean>
}

/**
 * The frame's vault: the shared one where the browser gives unpartitioned storage without asking,
 * else the partitioned one until a click asks for it (`ask`).
 */
export function createFrameVaults(options: {
  access: StorageAccess
  partitioned: () => Promise<DeviceVault>
  /** Opens the device store on an IndexedDB factory (tests pass a fake). */
  openShared?: (factory: IDBFactory) => Promise<DeviceVault>
}): FrameVaults {
  const openShared = options.openShared ?? (async (factory: IDBFactory) => indexedDbVault(await openDeviceStore(factory)))
  let partitioned: Promise<DeviceVault> | undefined
  let shared: Promise<DeviceVault | undefined> | undefined
  let refused = false
  const own = () => (partitioned ??= options.partitioned())
  const withShared = async (factory: IDBFactory | undefined): Promise<DeviceVault | undefined> => {
    if (!factory) return undefined
    try {
      const opened = await settleWithin(OPEN_SHARED_MS, openShared(factory))
      if (!opened) throw new Error('The unpartitioned IndexedDB did not open')
      return sharedVault(opened, await own())
    } catch {
      // A handle whose storage the browser still denies (Chromium under a DevTools grant: "The user
      // denied permission to access the database"): this site's own vault it is.
      refused = true
      return undefined
    }
  }
  // This site's own vault opens first: under a DevTools grant Chromium 156 leaves an IndexedDB open
  // of the frame's own storage unanswered once storage access is granted.
  const quiet = () =>
    (shared ??= own().then(async () => {
      const state = await settleWithin(OPEN_SHARED_MS, options.access.state())
      return state === 'granted' ? withShared(await settleWithin(OPEN_SHARED_MS, options.access.request())) : undefined
    }))
  return {
    async vault() {
      return (await quiet()) ?? own()
    },
    async reach() {
      if (await quiet()) return 'shared'
      if (refused) return 'refused'
      const state = await options.access.state()
      return state === 'ask' ? 'ask' : 'refused'
    },
    async ask() {
      if (await quiet()) return true
      const vault = await withShared(await options.access.request())
      if (!vault) {
        refused = true
        return false
      }
      shared = Promise.resolve(vault)
      return true
    },
  }
}
