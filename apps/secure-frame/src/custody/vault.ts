import { aesGcmOpen, aesGcmSeal, view } from './aesGcm'
import { generateDeviceKey, unwrapDeviceShare, wrapDeviceShare } from './deviceKey'
import { openDeviceStore, type DeviceStore } from './deviceStore'

/**
 * Where this device keeps its share of a user's seed, with the eip155 address it belongs to
 * (Shamir has no integrity check: the address tells a stale share from the right one).
 */
export interface DeviceShare {
  share: Uint8Array
  address: string
}

export interface DeviceVault {
  readonly kind: 'indexeddb' | 'widget'
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

/** What the widget keeps for the frame (FRAME_VAULT_STORAGE_KEY), opaque to it. */
export interface WidgetVaultLink {
  get(): Promise<string | null>
  set(value: string): Promise<void>
}

const VAULT_LABEL = 'airlock:device-share:widget-vault:v1'
const ADDRESS_BYTES = 20
/** Users remembered on one device (a shared computer): the oldest is dropped past this. */
const MAX_VAULT_USERS = 4

/**
 * For browsers that deny the frame storage (third-party storage blocked): the share sealed with
 * AES-GCM under a key the server derives for this user and device and releases only to a session
 * holding this device's token; the ciphertext is kept by the widget. The widget (and the dapp page
 * whose storage it may borrow) see a ciphertext; the server has the key but never the ciphertext.
 */
export function widgetVault(link: WidgetVaultLink, deviceKey: () => Promise<Uint8Array>): DeviceVault {
  const importKey = async () => {
    const raw = await deviceKey()
    try {
      return await crypto.subtle.importKey('raw', view(raw), 'AES-GCM', false, ['encrypt', 'decrypt'])
    } finally {
      raw.fill(0)
    }
  }
  const read = async () => parseVault(await link.get())
  return {
    kind: 'widget',
    async load(userId) {
      const entry = (await read()).find((item) => item.userId === userId)
      if (!entry) return undefined
      const plain = await aesGcmOpen(await importKey(), { v: 1, iv: entry.iv, ciphertext: entry.ciphertext }, `${VAULT_LABEL}:${userId}`)
      return { share: plain.subarray(0, plain.length - ADDRESS_BYTES), address: addressOf(plain.subarray(plain.length - ADDRESS_BYTES)) }
    },
    async save(userId, value) {
      const sealed = await aesGcmSeal(await importKey(), withAddress(value), `${VAULT_LABEL}:${userId}`)
      const others = (await read()).filter((item) => item.userId !== userId)
      const entries = [...others.slice(-(MAX_VAULT_USERS - 1)), { userId, iv: sealed.iv, ciphertext: sealed.ciphertext }]
      await link.set(serializeVault(entries))
    },
    async remove(userId) {
      await link.set(serializeVault((await read()).filter((item) => item.userId !== userId)))
    },
  }
}

/** IndexedDB when the browser gives the frame storage, else the widget-held vault. */
export async function openDeviceVault(
  link: WidgetVaultLink,
  deviceKey: () => Promise<Uint8Array>,
  factory?: IDBFactory,
): Promise<DeviceVault> {
  try {
    if (!factory && typeof indexedDB === 'undefined') throw new Error('no IndexedDB')
    return indexedDbVault(await openDeviceStore(factory))
  } catch {
    return widgetVault(link, deviceKey)
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

function withAddress({ share, address }: DeviceShare): Uint8Array {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('the device share must carry its eip155 address')
  const bytes = new Uint8Array(share.length + ADDRESS_BYTES)
  bytes.set(share)
  for (let i = 0; i < ADDRESS_BYTES; i++) bytes[share.length + i] = parseInt(address.slice(2 + i * 2, 4 + i * 2), 16)
  return bytes
}

function addressOf(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url')
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
}
