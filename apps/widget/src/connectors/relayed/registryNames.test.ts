import type { ConnectorDescription } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { connectorsAtom, listedWalletsAtom, registryNamesAtom } from './atoms'
import { relayedConnector } from './connector'
import { updateConnectors } from './list'
import { lookUpRegistryNames } from './registryLookup'
import { injectedRef, namesFromRegistry, withRegistryNames } from './registryNames'
import { createFakeExplorer, fakeWallet } from '../../testing/fakeExplorer'
import { createFakeHost, createTestContext, devnetWallet } from '../../testing/fakeHost'

const extension = (key: string): ConnectorDescription => ({ id: `pjs:${key}`, type: 'ANNOUNCED', namespace: 'polkadot', name: key })
const DEVNET = fakeWallet('Devnet Wallet', {
  rdns: 'dev.airlock.devnetwallet',
  injected: [
    { namespace: 'eip155', injected_id: 'isDevnetWallet' },
    { namespace: 'polkadot', injected_id: 'airlock-devnet' },
  ],
})
const SUBWALLET = fakeWallet('SubWallet', { rdns: 'app.subwallet', injected: [{ namespace: 'polkadot', injected_id: 'subwallet-js' }] })
const imageUrl = (id: string) => `https://api.example/getWalletImage/${id}`

describe('registry names (pure)', () => {
  it('asks the registry only for the connectors that carry nothing but a key: Polkadot extensions', () => {
    expect(injectedRef(extension('talisman'))).toBe('polkadot:talisman')
    expect(injectedRef(devnetWallet)).toBeUndefined()
    expect(injectedRef({ id: 'ws:solana:Phantom' })).toBeUndefined()
  })

  it("names each key from the registry's wallet that injects itself so, in the registry's order; an unknown key gets null", () => {
    const names = namesFromRegistry(['polkadot:airlock-devnet', 'polkadot:subwallet-js', 'polkadot:unknown'], [DEVNET, SUBWALLET], imageUrl)
    expect(names.get('polkadot:airlock-devnet')).toEqual({
      name: 'Devnet Wallet',
      rdns: 'dev.airlock.devnetwallet',
      imageUrl: 'https://api.example/getWalletImage/devnet-wallet',
      walletId: 'id-devnet-wallet',
    })
    expect(names.get('polkadot:subwallet-js')?.name).toBe('SubWallet')
    expect(names.get('polkadot:unknown')).toBeNull()
    // Another family's id of the same text is not the extension's.
    expect(namesFromRegistry(['polkadot:isDevnetWallet'], [DEVNET], imageUrl).get('polkadot:isDevnetWallet')).toBeNull()
  })

  it('leaves out a connector whose name is still being asked, keeps the key of one the registry does not know', () => {
    const connectors = [devnetWallet, extension('airlock-devnet'), extension('unknown'), extension('pending')]
    const names = namesFromRegistry(['polkadot:airlock-devnet', 'polkadot:unknown'], [DEVNET], imageUrl)
    expect(withRegistryNames(connectors, names).map((c) => [c.id, c.name, c.rdns])).toEqual([
      ['dev.airlock.devnetwallet', 'Devnet Wallet', 'dev.airlock.devnetwallet'],
      ['pjs:airlock-devnet', 'Devnet Wallet', 'dev.airlock.devnetwallet'],
      ['pjs:unknown', 'unknown', undefined],
    ])
  })
})

describe('the lists name a Polkadot extension from the registry', () => {
  const setup = (connectors: ConnectorDescription[]) => {
    const explorer = createFakeExplorer([DEVNET, SUBWALLET])
    const ctx = createTestContext(createFakeHost({ connectors }), { fetch: explorer.fetch })
    return { ctx, explorer }
  }

  it('the devnet extension joins the devnet wallet: one row of both families, named and iconed as the page wallet', async () => {
    const { ctx, explorer } = setup([])
    updateConnectors(ctx, [devnetWallet, extension('airlock-devnet'), extension('subwallet-js')])
    // Until the registry answers, the extensions are not listed under their keys.
    expect(ctx.store.get(listedWalletsAtom).map((w) => w.id)).toEqual(['dev.airlock.devnetwallet'])
    await lookUpRegistryNames(ctx)
    await expect.poll(() => ctx.store.get(registryNamesAtom).size).toBe(2)
    expect(explorer.calls.map((q) => q.get('injected'))).toEqual(['polkadot:airlock-devnet,polkadot:subwallet-js'])

    const listed = ctx.store.get(listedWalletsAtom)
    expect(listed.map((w) => [w.id, w.type, w.name, w.namespaces])).toEqual([
      ['multi:devnet wallet', 'MULTI_CHAIN', 'Devnet Wallet', ['eip155', 'polkadot']],
      ['pjs:subwallet-js', 'ANNOUNCED', 'SubWallet', ['polkadot']],
    ])
    expect(listed[0]!.icon).toBe(devnetWallet.icon)
    expect(listed[1]!.imageUrl).toMatch(/\/getWalletImage\/subwallet\?/)
    expect(relayedConnector('pjs:subwallet-js').name(ctx)).toBe('SubWallet')

    // Each key is asked once, whatever later lists bring.
    updateConnectors(ctx, [...ctx.store.get(connectorsAtom)])
    await lookUpRegistryNames(ctx)
    expect(explorer.calls).toHaveLength(1)
  })

  it('a registry that does not answer lists the extension by its key rather than never', async () => {
    const { ctx, explorer } = setup([])
    explorer.failWith = 503
    ctx.store.set(connectorsAtom, [extension('subwallet-js')])
    await lookUpRegistryNames(ctx)
    expect(ctx.store.get(listedWalletsAtom).map((w) => w.name)).toEqual(['subwallet-js'])
  })
})
