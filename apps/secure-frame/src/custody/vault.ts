import { SECURE_FRAME_PATH } from '@airlock/protocol'
import { aesGcmOpen, aesGcmSeal, view } from './aesGcm'
import { generateDeviceKey, unwrapDeviceShare, wrapDeviceShare } from './deviceKey'
import { openDeviceStore, type DeviceStore } from './deviceStore'
import { fromBase64Url, toBase64Url } from './base64url'

/**
 * Where this device keeps its share of a user's seed, with the eip155 address it belongs to
 * (Shamir has no integrity check: the address tells a stale share from the right one).
 */
export interface DeviceShare {
  share: Uint8Array
  address: string
}

export interface DeviceVault {
  readonly kind: 'indexeddb' | 'cookie'
  load(userId: string): Promise<DeviceShare | undefined>
  save(userId: string, value: DeviceShare): Promise<void>
  remove(userId: string): Promise<void>
}

/**
 * The frame's own IndexedDB (partitioned per top-level site): the share wrapped by a
 * non-extractable key stored beside it. The strongest place, where the browser allows it.
 */
export function indexedDbVault(store: DeviceStore): DeviceVault {
  return {
    kind: 'indexeddb',
    async load(userId) {
      const record = await store.get(userId)
      if (!record) return undefined
      const plain = await unwrapDeviceShare(record.wrapped, record.key)
      return { share: plain.subarray(0, plain.length - ADDRESS_BYTES), address: addressOf(plain.subarray(plain.length - ADDRESS_BYTES)) }
    },
    async save(userId, value) {
      const key = await generateDeviceKey()
      await store.put({ userId, key, wrapped: await wrapDeviceShare(withAddress(value), key), createdAt: Date.now() })
    },
    remove: (userId) => store.delete(userId),
  }
}

/**
 * A cookie of the secure origin (partitioned per top-level site, like all of this frame's
 * storage): the one thing browsers that deny third-party storage still keep for a frame (CHIPS).
 */
export interface CookieJar {
  get(): string | null
  /** An empty value removes the cookie. */
  set(value: string): void
}

export const VAULT_COOKIE = 'airlock_vault'
const VAULT_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60

/** Where the vault cookie lived before the frame's page moved to SECURE_FRAME_PATH: every request to the origin carried it. */
const OLD_VAULT_PATH = '/'

/**
 * The vault cookie through `document.cookie`: `Secure; SameSite=None; Partitioned` where the page is
 * a secure context, and `Path` the frame page's own, so that no call of the frame to `/api` carries it.
 */
export function documentCookieJar(doc: Pick<Document, 'cookie'>, secure: boolean): CookieJar {
  const attributes = secure ? 'Secure; SameSite=None; Partitioned' : 'SameSite=Strict'
  const write = (value: string, path: string) => {
    doc.cookie = `${VAULT_COOKIE}=${value}; Path=${path}; Max-Age=${value ? VAULT_COOKIE_MAX_AGE_S : 0}; ${attributes}`
  }
  const values = () =>
    doc.cookie
      .split('; ')
      .filter((cookie) => cookie.startsWith(`${VAULT_COOKIE}=`))
      .map((cookie) => cookie.slice(VAULT_COOKIE.length + 1))
      .filter(Boolean)
  return {
    get() {
      const before = values()
      if (before.length === 0) return null
      // A vault from before the move (Path=/) would ride along on every /api call: removed, and
      // what it held kept under the frame's path. The browser's order of the two tells nothing.
      write('', OLD_VAULT_PATH)
      const current = values()
      if (current.length === before.length) return current[0] ?? null
      const old = parseVault(before.filter((value) => !current.includes(value)).join(':'))
      const kept = parseVault(current[0] ?? null)
      const merged = [...old.filter((entry) => !kept.some((item) => item.userId === entry.userId)), ...kept]
      const value = serializeVault(merged.slice(-MAX_VAULT_USERS))
      write(value, SECURE_FRAME_PATH)
      return value || null
    },
    set: (value) => write(value, SECURE_FRAME_PATH),
  }
}

/**
 * This browser's cookie-vault key from the key service, derived from its own device cookie; and,
 * once, for a browser it knew before it derived keys so, the key of before (the vault is resealed).
 */
export interface CookieVaultKeys {
  key: Uint8Array
  legacyKey?: Uint8Array
}

const VAULT_LABEL = 'airlock:device-share:cookie-vault:v1'
export const ADDRESS_BYTES = 20
/** Users remembered on one device (a shared computer): the oldest is dropped past this. */
const MAX_VAULT_USERS = 4

/**
 * For browsers that deny the frame storage (third-party storage blocked): the share sealed with
 * AES-GCM in a partitioned cookie of the secure origin, under a key the key service derives for
 * this user and this browser and releases only against its own partitioned device cookie. The
 * secure-origin server receives the cookie (ciphertext) and never the key; the key service gives
 * the key and never sees the cookie; the widget and the dapp page see neither.
 */
export function cookieVault(jar: CookieJar, deviceKeys: () => Promise<CookieVaultKeys>): DeviceVault {
  const importKey = async (raw: Uint8Array) => {
    try {
      return await crypto.subtle.importKey('raw', view(raw), 'AES-GCM', false, ['encrypt', 'decrypt'])
    } finally {
      raw.fill(0)
    }
  }
  const read = () => parseVault(jar.get())
  const seal = async (key: CryptoKey, userId: string, value: DeviceShare) => {
    const sealed = await aesGcmSeal(key, withAddress(value), `${VAULT_LABEL}:${userId}`)
    const others = read().filter((item) => item.userId !== userId)
    jar.set(serializeVault([...others.slice(-(MAX_VAULT_USERS - 1)), { userId, iv: sealed.iv, ciphertext: sealed.ciphertext }]))
  }
  return {
    kind: 'cookie',
    async load(userId) {
      const entry = read().find((item) => item.userId === userId)
      if (!entry) return undefined
      const keys = await deviceKeys()
      const key = await importKey(keys.key)
      const open = async (withKey: CryptoKey) => {
        const plain = await aesGcmOpen(withKey, { v: 1, iv: entry.iv, ciphertext: entry.ciphertext }, `${VAULT_LABEL}:${userId}`)
        return { share: plain.subarray(0, plain.length - ADDRESS_BYTES), address: addressOf(plain.subarray(plain.length - ADDRESS_BYTES)) }
      }
      if (!keys.legacyKey) return open(key)
      const legacyKey = await importKey(keys.legacyKey)
      // Sealed under the key of before: the key service gives that key this once, so reseal now.
      const value = await open(key).catch(() => open(legacyKey))
      await seal(key, userId, value)
      return value
    },
    async save(userId, value) {
      await seal(await importKey((await deviceKeys()).key), userId, value)
    },
    async remove(userId) {
      jar.set(serializeVault(read().filter((item) => item.userId !== userId)))
    },
  }
}

/** IndexedDB when the browser gives the frame storage, else the cookie vault. */
export async function openDeviceVault(
  jar: CookieJar,
  deviceKeys: () => Promise<CookieVaultKeys>,
  factory?: IDBFactory,
): Promise<DeviceVault> {
  try {
    if (!factory && typeof indexedDB === 'undefined') throw new Error('no IndexedDB')
    return indexedDbVault(await openDeviceStore(factory))
  } catch {
    return cookieVault(jar, deviceKeys)
  }
}

interface VaultEntry {
  userId: string
  iv: Uint8Array
  ciphertext: Uint8Array
}

const USER_ID = /^[A-Za-z0-9-]{1,100}$/

/** `v1.<userId>.<iv>.<ciphertext>` per user (base64url), joined by `:`; anything malformed is dropped. */
export function parseVault(text: string | null): VaultEntry[] {
  if (!text) return []
  const entries: VaultEntry[] = []
  for (const item of text.split(':')) {
    const [version, userId, iv, ciphertext, extra] = item.split('.')
    if (version !== 'v1' || extra !== undefined || !userId || !USER_ID.test(userId) || !iv || !ciphertext) continue
    try {
      entries.push({ userId, iv: fromBase64Url(iv), ciphertext: fromBase64Url(ciphertext) })
    } catch {
      continue
    }
  }
  return entries
}

export function serializeVault(entries: readonly VaultEntry[]): string {
  return entries.map((entry) => `v1.${entry.userId}.${toBase64Url(entry.iv)}.${toBase64Url(entry.ciphertext)}`).join(':')
}

export function withAddress({ share, address }: DeviceShare): Uint8Array {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('the device share must carry its eip155 address')
  const bytes = new Uint8Array(share.length + ADDRESS_BYTES)
  bytes.set(share)
  for (let i = 0; i < ADDRESS_BYTES; i++) bytes[share.length + i] = parseInt(address.slice(2 + i * 2, 4 + i * 2), 16)
  return bytes
}

export function addressOf(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}
