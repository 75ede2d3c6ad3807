import { describe, expect, it } from 'vitest'
import { createSiwxMessage, parseAnySiwxMessage } from './index'
import { DEFAULT_SIWX_STATEMENT, siwxMessageData, siwxSettingsOf } from './request'

const NOW = Date.parse('2026-11-28T12:00:00.000Z')
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

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
