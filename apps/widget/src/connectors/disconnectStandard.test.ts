// @vitest-environment happy-dom
import type { ConnectorDescription } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { connectionsAtom } from '../core/session/atoms'
import { bootWidget } from '../testing/bootWidget'
import { createFakeHost, flush } from '../testing/fakeHost'
import { addConnection } from '../testing/session'
import { disconnect } from './disconnect'

/**
 * A Wallet Standard wallet of two families (one wallet object, a connector per family): its shared
 * standard:disconnect would end both, so it is called only once no family of it stays connected.
 */

const SOLANA = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
const BITCOIN = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
const described = (id: string, namespace: 'solana' | 'bip122', name: string): ConnectorDescription => ({
  id,
  type: 'ANNOUNCED',
  namespace,
  name,
  chains: [namespace === 'solana' ? 'solana:localnet' : 'bitcoin:regtest'],
})

async function connectedOnBoth(bitcoinWallet = 'Both') {
  const host = createFakeHost({
    connectors: [described('ws:solana:Both', 'solana', 'Both'), described(`ws:bip122:${bitcoinWallet}`, 'bip122', bitcoinWallet)],
    wallet: () => null,
  })
  const { ctx } = await bootWidget(host)
  addConnection(ctx.store, { namespace: 'solana', addresses: [SOLANA], caipNetworkId: 'solana:x', connectorId: 'ws:solana:Both' })
  addConnection(ctx.store, {
    namespace: 'bip122',
    addresses: [BITCOIN],
    caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    connectorId: `ws:bip122:${bitcoinWallet}`,
  })
  return { ctx, host }
}

const disconnectCalls = (host: ReturnType<typeof createFakeHost>) =>
  host.walletCalls().flatMap((call) => (call.method === 'standard:disconnect' ? [call.connectorId] : []))

describe('disconnecting one family of a Wallet Standard wallet', () => {
  it('does not call standard:disconnect while the wallet stays connected on the other family; the last family does', async () => {
    const { ctx, host } = await connectedOnBoth()
    await disconnect(ctx, 'solana')
    await flush()
    expect(Object.keys(ctx.store.get(connectionsAtom))).toEqual(['bip122'])
    expect(disconnectCalls(host)).toEqual([])

    await disconnect(ctx, 'bip122')
    await flush()
    expect(ctx.store.get(connectionsAtom)).toEqual({})
    expect(disconnectCalls(host)).toEqual(['ws:bip122:Both'])
  })

  it('disconnecting every family tells the wallet', async () => {
    const { ctx, host } = await connectedOnBoth()
    await disconnect(ctx)
    await flush()
    expect(ctx.store.get(connectionsAtom)).toEqual({})
    expect(disconnectCalls(host).length).toBeGreaterThan(0)
  })

  it('another wallet connected on the other family does not keep this one', async () => {
    const { ctx, host } = await connectedOnBoth('Other')
    await disconnect(ctx, 'solana')
    await flush()
    expect(disconnectCalls(host)).toEqual(['ws:solana:Both'])
  })
})
