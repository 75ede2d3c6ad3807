import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { openDeviceStore } from './deviceStore'
import { createFrameVaults, createStorageAccess, sharedVault, type StorageAccess, type StorageAccessState } from './storageAccess'
import { indexedDbVault, type DeviceVault } from './vault'

const ADDRESS = `0x${'ab'.repeat(20)}`
const share = (byte: number) => ({ share: new Uint8Array([byte, byte, byte]), address: ADDRESS })
const idbVault = async (factory = new IDBFactory()) => indexedDbVault(await openDeviceStore(factory))

/** A browser's answers: its state, and whether a request hands out the unpartitioned store. */
function browser(state: StorageAccessState, shared: IDBFactory | undefined) {
  const calls: string[] = []
  const access: StorageAccess = {
    state: async () => (calls.push('state'), state),
    request: async () => (calls.push('request'), shared),
  }
  return { access, calls }
}

describe('sharedVault: one browser, one device across dapp sites', () => {
  it('finds on site B what site A saved through the shared store', async () => {
    const sharedStore = new IDBFactory()
    const siteA = sharedVault(await idbVault(sharedStore), await idbVault())
    await siteA.save('user-1', share(7))
    const siteB = sharedVault(await idbVault(sharedStore), await idbVault())
    expect(await siteB.load('user-1')).toEqual(share(7))
  })

  it('copies a share held only by this site to the shared store and keeps it here', async () => {
    const sharedStore = new IDBFactory()
    const own = await idbVault()
    await own.save('user-1', share(3))
    expect(await sharedVault(await idbVault(sharedStore), own).load('user-1')).toEqual(share(3))
    expect(await (await idbVault(sharedStore)).load('user-1')).toEqual(share(3))
    expect(await own.load('user-1')).toEqual(share(3))
  })

  it('saves to both and removes from both', async () => {
    const shared = await idbVault()
    const own = await idbVault()
    const vault = sharedVault(shared, own)
    await vault.save('user-1', share(1))
    expect(await shared.load('user-1')).toEqual(share(1))
    expect(await own.load('user-1')).toEqual(share(1))
    await vault.remove('user-1')
    expect(await vault.load('user-1')).toBeUndefined()
  })
})

describe('createFrameVaults', () => {
  const partitioned = (vault: DeviceVault) => async () => vault

  it('reads the shared store without a click where the browser already gives it', async () => {
    const { access, calls } = browser('granted', new IDBFactory())
    const vaults = createFrameVaults({ access, partitioned: partitioned(await idbVault()) })
    expect(await vaults.reach()).toBe('shared')
    expect(calls).toEqual(['state', 'request'])
  })

  it('stays on this site until a click asks, then reads the shared store', async () => {
    const sharedStore = new IDBFactory()
    await (await idbVault(sharedStore)).save('user-1', share(9))
    const { access, calls } = browser('ask', sharedStore)
    const vaults = createFrameVaults({ access, partitioned: partitioned(await idbVault()) })
    expect(await (await vaults.vault()).load('user-1')).toBeUndefined()
    expect(await vaults.reach()).toBe('ask')
    expect(calls).not.toContain('request')
    expect(await vaults.ask()).toBe(true)
    expect(await vaults.reach()).toBe('shared')
    expect(await (await vaults.vault()).load('user-1')).toEqual(share(9))
  })

  it('a refusal, or a store the browser still denies, leaves this site apart: refused', async () => {
    const refusedByPrompt = createFrameVaults({ access: browser('ask', undefined).access, partitioned: partitioned(await idbVault()) })
    expect(await refusedByPrompt.ask()).toBe(false)
    expect(await refusedByPrompt.reach()).toBe('refused')

    const denied = createFrameVaults({
      access: browser('ask', new IDBFactory()).access,
      partitioned: partitioned(await idbVault()),
      openShared: () => Promise.reject(new DOMException('The user denied permission to access the database.', 'UnknownError')),
    })
    expect(await denied.ask()).toBe(false)
    expect(await denied.reach()).toBe('refused')

    const unsupported = createFrameVaults({ access: browser('unsupported', undefined).access, partitioned: partitioned(await idbVault()) })
    expect(await unsupported.reach()).toBe('refused')
  })
})

describe('createStorageAccess', () => {
  const doc = (api: object) => api as unknown as Document
  const permissions = (state: PermissionState) => ({ query: async () => ({ state }) }) as unknown as Permissions

  it('reads the API as Chromium has it', async () => {
    const factory = new IDBFactory()
    const granted = createStorageAccess(
      doc({
        hasStorageAccess: async () => true,
        requestStorageAccess: async (types?: { indexedDB: boolean }) => (types?.indexedDB ? { indexedDB: factory } : undefined),
      }),
      permissions('prompt'),
    )
    expect(await granted.state()).toBe('granted')
    expect(await granted.request()).toBe(factory)
    const api = {
      hasStorageAccess: async () => false,
      requestStorageAccess: () => Promise.reject(new DOMException('requestStorageAccess not allowed', 'NotAllowedError')),
    }
    expect(await createStorageAccess(doc(api), permissions('prompt')).state()).toBe('ask')
    expect(await createStorageAccess(doc(api), permissions('denied')).state()).toBe('refused')
    expect(await createStorageAccess(doc(api), permissions('granted')).state()).toBe('granted')
    expect(await createStorageAccess(doc(api), permissions('prompt')).request()).toBeUndefined()
    expect(await createStorageAccess(doc({}), permissions('prompt')).state()).toBe('unsupported')
    // Safari and Firefox: cookies only, no handle.
    expect(
      await createStorageAccess(doc({ ...api, requestStorageAccess: async () => undefined }), permissions('prompt')).request(),
    ).toBeUndefined()
  })
})
