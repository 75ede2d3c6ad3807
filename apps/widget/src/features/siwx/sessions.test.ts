import { createSiwxMessage, siwxMessageData, type SiwxDappSession } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { readSessions, sessionAccount, sessionOf, withoutAccounts, writeSessions } from './sessions'

const NOW = Date.parse('2026-11-28T12:00:00.000Z')
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function session(accountAddress: string, chainId: string, expiresAt: string): SiwxDappSession {
  const data = siwxMessageData({
    origin: 'http://dapp.localhost:4400',
    accountAddress,
    caipNetworkId: chainId,
    nonce: 'a1b2c3d4e5f6a7b8',
    nowMs: NOW,
    settings: {},
  })
  return { id: `id-${accountAddress}`, data, message: createSiwxMessage(data), signature: '0x12', expiresAt, token: 'a.b.c' }
}

describe('the stored sessions', () => {
  const live = session(ADDRESS, 'eip155:31337', '2026-12-01T00:00:00.000Z')
  const ended = session('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'eip155:31337', '2026-11-28T11:59:59.000Z')
  const solana = session(
    '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    '2026-12-01T00:00:00.000Z',
  )

  it('read back what was written, without the ended ones, and nothing from a damaged value', () => {
    const stored = writeSessions({ [sessionAccount(live)]: live, [sessionAccount(ended)]: ended, [sessionAccount(solana)]: solana })
    expect(Object.keys(readSessions(stored, NOW))).toEqual([`eip155:31337:${ADDRESS}`, sessionAccount(solana)])
    expect(readSessions('{not json', NOW)).toEqual({})
    expect(readSessions('{"a":1}', NOW)).toEqual({})
    expect(readSessions(JSON.stringify([{ ...live, token: 5 }, live]), NOW)).toEqual({ [sessionAccount(live)]: live })
    expect(readSessions(undefined, NOW)).toEqual({})
  })

  it('find an eip155 account whatever the case of its address; other families’ addresses are exact', () => {
    const sessions = { [sessionAccount(live)]: live, [sessionAccount(solana)]: solana }
    expect(sessionOf(sessions, `eip155:31337:${ADDRESS.toLowerCase()}`, NOW)).toBe(live)
    expect(sessionOf(sessions, `eip155:31338:${ADDRESS}`, NOW)).toBeUndefined()
    expect(sessionOf(sessions, sessionAccount(solana).toLowerCase(), NOW)).toBeUndefined()
    expect(sessionOf(sessions, sessionAccount(live), Date.parse(live.expiresAt))).toBeUndefined()
    expect(withoutAccounts(sessions, [`eip155:31337:${ADDRESS.toLowerCase()}`])).toEqual({ [sessionAccount(solana)]: solana })
  })
})
