// @vitest-environment happy-dom
import type { ConnectorDescription } from '@airlock/protocol'
import { describe, expect, it, vi } from 'vitest'
import { bytesToBase58 } from '../chains/solana/bytes'
import { connectionsAtom } from '../core/session/atoms'
import { RECENT_CONNECTOR_KEY } from '../core/session/recentConnector'
import { parseRecentWallets } from '../core/session/recentWallets'
import { createMemoryStorage } from '../core/storage/safeStorage'
import { bootWidget } from '../testing/bootWidget'
import { createFakeHost } from '../testing/fakeHost'

const key = new Uint8Array(32).fill(7)
const pubkey = bytesToBase58(key)
const phantom: ConnectorDescription = { id: 'ws:solana:Phantom', type: 'ANNOUNCED', namespace: 'solana', name: 'Phantom' }

describe('the reconnect on load', () => {
  it("reads SDK 0.2.0's saved `ws:Phantom` as the Solana connector `ws:solana:Phantom` and reconnects it silently", async () => {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTOR_KEY, 'ws:Phantom')
    const host = createFakeHost({
      connectors: [phantom],
      wallet: (method) =>
        method === 'standard:connect'
          ? { accounts: [{ address: pubkey, publicKey: key, chains: ['solana:localnet'], features: [] }] }
          : null,
    })
    const { ctx } = await bootWidget(host, storage)
    await vi.waitFor(() => expect(ctx.store.get(connectionsAtom).solana).toBeDefined())
    expect(ctx.store.get(connectionsAtom).solana).toMatchObject({ connectorId: 'ws:solana:Phantom', addresses: [pubkey] })
    expect(host.walletCalls()).toEqual([{ connectorId: 'ws:solana:Phantom', method: 'standard:connect', params: { silent: true } }])
    // Saved back in the current form.
    expect(storage.get(RECENT_CONNECTOR_KEY)).toBe('ws:solana:Phantom')
  })
})

describe('an SDK 0.2.0 connector id', () => {
  it('is read as the current one in the recent wallets list too', () => {
    expect(parseRecentWallets(JSON.stringify([{ id: 'ws:Phantom', name: 'Phantom', connectorId: 'ws:Phantom' }]))).toEqual([
      { id: 'ws:Phantom', name: 'Phantom', connectorId: 'ws:solana:Phantom' },
    ])
  })
})
