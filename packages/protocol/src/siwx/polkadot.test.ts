import { describe, expect, it } from 'vitest'
import { createSiwxMessage, parseAnySiwxMessage, POLKADOT_SIWX, renderSiwxMessage, type SiwxMessageData } from '.'

const polkadot: SiwxMessageData = {
  domain: 'dapp.example',
  accountAddress: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5',
  statement: 'Sign in to Dapp',
  uri: 'https://dapp.example/login',
  version: '1',
  chainId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  nonce: 'a1b2c3d4e5f60718',
  issuedAt: '2026-11-28T09:00:00.000Z',
}

describe('the Polkadot sign-in template', () => {
  it("writes Sign-In with Substrate's account line with the CAIP-2 reference as Chain ID, and parses it back", () => {
    const message = createSiwxMessage(polkadot)
    expect(message).toBe(
      [
        'dapp.example wants you to sign in with your Substrate account:',
        polkadot.accountAddress,
        '',
        'Sign in to Dapp',
        '',
        'URI: https://dapp.example/login',
        'Version: 1',
        'Chain ID: 91b171bb158e2d3848fa23a9f1c25182',
        'Nonce: a1b2c3d4e5f60718',
        'Issued At: 2026-11-28T09:00:00.000Z',
      ].join('\n'),
    )
    expect(parseAnySiwxMessage(message)).toEqual({ ok: true, namespace: 'polkadot', data: polkadot })
  })

  it('refuses a chain that is not a polkadot genesis reference, and a message without Chain ID (as SIWS writes it)', () => {
    expect(() => renderSiwxMessage(POLKADOT_SIWX, { ...polkadot, chainId: 'polkadot:91B171BB158E2D3848FA23A9F1C25182' })).toThrow(
      RangeError,
    )
    expect(() => renderSiwxMessage(POLKADOT_SIWX, { ...polkadot, chainId: 'eip155:1' })).toThrow(RangeError)
    const siws = createSiwxMessage(polkadot).replace('Chain ID: 91b171bb158e2d3848fa23a9f1c25182\n', '')
    expect(parseAnySiwxMessage(siws).ok).toBe(false)
  })
})
