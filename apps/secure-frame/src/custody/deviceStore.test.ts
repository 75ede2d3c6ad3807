import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { generateDeviceKey, unwrapDeviceShare, wrapDeviceShare } from './deviceKey'
import { DEVICE_DB_NAME, DEVICE_STORE_NAME, openDeviceStore, type DeviceRecord } from './deviceStore'

/** Every byte array anywhere in a value, as hex. */
function byteFields(value: unknown): string[] {
  if (value instanceof Uint8Array) return [bytesToHex(value).slice(2)]
  if (value instanceof ArrayBuffer) return [bytesToHex(new Uint8Array(value)).slice(2)]
  if (value && typeof value === 'object') return Object.values(value).flatMap(byteFields)
  return []
}

/** The raw record as IndexedDB keeps it, read without the module under test. */
function readRaw(factory: IDBFactory, userId: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = factory.open(DEVICE_DB_NAME)
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const get = open.result.transaction(DEVICE_STORE_NAME).objectStore(DEVICE_STORE_NAME).get(userId)
      get.onsuccess = () => {
        open.result.close()
        resolve(get.result)
      }
      get.onerror = () => reject(get.error)
    }
  })
}

describe('deviceStore', () => {
  it('keeps the wrapped share and a non-extractable key per user, never the plaintext share', async () => {
    const factory = new IDBFactory()
    const share = crypto.getRandomValues(new Uint8Array(33))
    const key = await generateDeviceKey()
    const record: DeviceRecord = { userId: 'user-1', key, wrapped: await wrapDeviceShare(share, key), createdAt: Date.now() }

    const store = await openDeviceStore(factory)
    await store.put(record)
    store.close()

    const raw = await readRaw(factory, 'user-1')
    const shareHex = bytesToHex(share).slice(2)
    const fields = byteFields(raw)
    expect(fields.length).toBeGreaterThan(0)
    for (const field of fields) {
      // no field holds the share, nor any 8-byte run of it
      for (let i = 0; i + 16 <= shareHex.length; i += 2) expect(field).not.toContain(shareHex.slice(i, i + 16))
    }

    const reopened = await openDeviceStore(factory)
    const got = await reopened.get('user-1')
    expect(got?.userId).toBe('user-1')
    expect(got?.key).toBeInstanceOf(CryptoKey)
    expect(got?.key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', got!.key)).rejects.toThrow()
    expect(bytesToHex(await unwrapDeviceShare(got!.wrapped, got!.key))).toBe(bytesToHex(share))
    expect(await reopened.get('user-2')).toBeUndefined()

    await reopened.delete('user-1')
    expect(await reopened.get('user-1')).toBeUndefined()
    reopened.close()
  })

  it('overwrites a user record on put', async () => {
    const store = await openDeviceStore(new IDBFactory())
    const key = await generateDeviceKey()
    const first = await wrapDeviceShare(new Uint8Array(33).fill(1), key)
    const second = await wrapDeviceShare(new Uint8Array(33).fill(2), key)
    await store.put({ userId: 'u', key, wrapped: first, createdAt: 1 })
    await store.put({ userId: 'u', key, wrapped: second, createdAt: 2 })
    const got = await store.get('u')
    expect(got?.createdAt).toBe(2)
    expect(await unwrapDeviceShare(got!.wrapped, got!.key)).toEqual(new Uint8Array(33).fill(2))
    store.close()
  })
})
