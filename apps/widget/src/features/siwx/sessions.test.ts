import { createSiwxMessage, parseAnySiwxMessage, type SiwxDappSession } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SIWX_STATEMENT, siwxMessageData, siwxSettingsOf } from './message'
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

describe('the sign-in message the widget writes', () => {
  it('is the dapp page’s own site, parses back to the same data, and lasts a week by default', () => {
    const data = siwxMessageData({
      origin: 'https://app.example.com:8443',
      accountAddress: ADDRESS,
      caipNetworkId: 'eip155:1',
      nonce: 'a1b2c3d4e5f6a7b8',
      nowMs: NOW,
      settings: {},
    })
    expect(data).toMatchObject({
      domain: 'app.example.com:8443',
      uri: 'https://app.example.com:8443',
      statement: DEFAULT_SIWX_STATEMENT,
      chainId: 'eip155:1',
      issuedAt: '2026-11-28T12:00:00.000Z',
      expirationTime: '2026-12-05T12:00:00.000Z',
    })
    expect(parseAnySiwxMessage(createSiwxMessage(data))).toEqual({ ok: true, namespace: 'eip155', data })
  })

  it('takes the dapp’s statement, resources and lifetime', () => {
    const settings = siwxSettingsOf({ statement: 'Sign in to Demo', resources: ['https://dapp.example/terms'], expirationSeconds: 3600 })!
    const data = siwxMessageData({
      origin: 'http://dapp.localhost:4400',
      accountAddress: ADDRESS,
      caipNetworkId: 'eip155:31337',
      nonce: 'a1b2c3d4e5f6a7b8',
      nowMs: NOW,
      settings,
    })
    expect(data.statement).toBe('Sign in to Demo')
    expect(data.resources).toEqual(['https://dapp.example/terms'])
    expect(data.expirationTime).toBe('2026-11-28T13:00:00.000Z')
    expect(siwxSettingsOf(true)).toEqual({})
    expect(siwxSettingsOf(undefined)).toBeUndefined()
  })
})

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
