import type { WrappedDeviceShare } from './deviceKey'

/**
 * IndexedDB of the secure origin: database `airlock-secure`, object store `device`, one record per
 * user id holding the non-extractable wrapping key (structured clone) and the wrapped device share.
 * Never the plaintext share.
 *
 * Storage in a third-party iframe is partitioned per top-level site and may be unavailable; `open`
 * then rejects and vault.ts keeps the share sealed in the widget's storage instead, under a key
 * from the server. Never post this record's CryptoKey anywhere: whoever holds it unwraps the share.
 */
export interface DeviceRecord {
  userId: string
  key: CryptoKey
  wrapped: WrappedDeviceShare
  createdAt: number
}

export interface DeviceStore {
  put(record: DeviceRecord): Promise<void>
  get(userId: string): Promise<DeviceRecord | undefined>
  delete(userId: string): Promise<void>
  close(): void
}

export const DEVICE_DB_NAME = 'airlock-secure'
export const DEVICE_STORE_NAME = 'device'
const DB_VERSION = 1

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'))
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'))
  })
}

export async function openDeviceStore(factory: IDBFactory = indexedDB): Promise<DeviceStore> {
  const request = factory.open(DEVICE_DB_NAME, DB_VERSION)
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(DEVICE_STORE_NAME)) {
      request.result.createObjectStore(DEVICE_STORE_NAME, { keyPath: 'userId' })
    }
  }
  const db = await done(request)
  // Another tab upgrading the schema: let it, this connection reopens on next use.
  db.onversionchange = () => db.close()

  const write = async (run: (store: IDBObjectStore) => void): Promise<void> => {
    const tx = db.transaction(DEVICE_STORE_NAME, 'readwrite')
    run(tx.objectStore(DEVICE_STORE_NAME))
    await committed(tx)
  }

  return {
    put: (record) => write((store) => store.put(record)),
    get: async (userId) => {
      const result: unknown = await done(db.transaction(DEVICE_STORE_NAME, 'readonly').objectStore(DEVICE_STORE_NAME).get(userId))
      return result as DeviceRecord | undefined
    },
    delete: (userId) => write((store) => store.delete(userId)),
    close: () => db.close(),
  }
}
