import { describe, expect, it } from 'vitest'
import { createSiwxMessage, EIP155_SIWX, parseAnySiwxMessage, parseSiwxMessage, SOLANA_SIWX, type SiwxMessageData } from '.'

const solana: SiwxMessageData = {
  domain: 'dapp.example:8443',
  accountAddress: 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
  uri: 'https://dapp.example:8443/login',
  version: '1',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nonce: 'a1b2c3d4e5f60718',
  issuedAt: '2026-11-28T09:00:00.000Z',
}
const eip155: SiwxMessageData = { ...solana, accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:8453' }
const everything = {
  statement: 'Sign in to Dapp',
  expirationTime: '2026-11-28T10:00:00.000Z',
  notBefore: '2026-11-28T09:00:00.000Z',
  requestId: 'req-1',
  resources: ['https://dapp.example/terms', 'ipfs://bafy'],
}

describe('the sign-in templates', () => {
  it('write Sign In With Solana with CAIP-122 chain references, no blank line for a missing statement', () => {
    expect(createSiwxMessage(solana)).toBe(
      [
        'dapp.example:8443 wants you to sign in with your Solana account:',
        'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD',
        '',
        'URI: https://dapp.example:8443/login',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: a1b2c3d4e5f60718',
        'Issued At: 2026-11-28T09:00:00.000Z',
      ].join('\n'),
    )
    expect(
      createSiwxMessage({ ...solana, ...everything })
        .split('\n')
        .slice(1, 5),
    ).toEqual([solana.accountAddress, '', 'Sign in to Dapp', ''])
    expect(
      createSiwxMessage({ ...solana, ...everything })
        .split('\n')
        .slice(-6),
    ).toEqual([
      'Expiration Time: 2026-11-28T10:00:00.000Z',
      'Not Before: 2026-11-28T09:00:00.000Z',
      'Request ID: req-1',
      'Resources:',
      '- https://dapp.example/terms',
      '- ipfs://bafy',
    ])
  })

  it('write EIP-4361 with the blank line viem leaves for a missing statement and the decimal chain id', () => {
    expect(createSiwxMessage(eip155).split('\n').slice(0, 5)).toEqual([
      'dapp.example:8443 wants you to sign in with your Ethereum account:',
      eip155.accountAddress,
      '',
      '',
      'URI: https://dapp.example:8443/login',
    ])
    expect(createSiwxMessage(eip155)).toContain('\nChain ID: 8453\n')
  })

  it('parse what they write back to the same data, each namespace by its own template', () => {
    for (const data of [solana, eip155, { ...solana, ...everything }, { ...eip155, ...everything }]) {
      const message = createSiwxMessage(data)
      expect(parseAnySiwxMessage(message)).toEqual({ ok: true, namespace: data.chainId.split(':')[0], data })
    }
    expect(parseSiwxMessage([EIP155_SIWX], createSiwxMessage(solana))).toEqual({ ok: false, error: 'malformed' })
    expect(parseSiwxMessage([SOLANA_SIWX], createSiwxMessage(eip155))).toEqual({ ok: false, error: 'malformed' })
  })

  it('refuse a text that is not the template’s bytes, however close', () => {
    const message = createSiwxMessage({ ...eip155, ...everything })
    // Same fields, other bytes: read, re-created, and refused as not the template's.
    for (const variant of [
      message.replaceAll('\n', '\r\n'),
      message.replace('Sign in to Dapp\n', 'Sign in to Dapp\n\n'),
      message.replace('Version: 1\nChain ID: 8453', 'Chain ID: 8453\nVersion: 1'),
      message.replace('- ipfs://bafy', 'ipfs://bafy'),
      `${createSiwxMessage(eip155)}\n`,
    ]) {
      expect(parseAnySiwxMessage(variant), JSON.stringify(variant)).toEqual({ ok: false, error: 'not-canonical' })
    }
    // Fields the template cannot hold: no message at all.
    for (const variant of [
      `${message}\n`,
      message.replace('Sign in to Dapp', 'Sign in to Dapp\nSecond line'),
      message.replace('.000Z', 'Z'),
      message.replace('Chain ID: 8453', 'Chain ID: 08453'),
      'hello',
    ]) {
      expect(parseAnySiwxMessage(variant).ok, JSON.stringify(variant)).toBe(false)
    }
  })

  it('cannot be made to write a field that spans lines, a chain of another namespace, or an unknown namespace', () => {
    expect(() => createSiwxMessage({ ...eip155, statement: 'Sign in\nURI: https://evil.example' })).toThrow(RangeError)
    expect(() => createSiwxMessage({ ...eip155, statement: 'Sign in\u0000' })).toThrow(RangeError)
    expect(() => createSiwxMessage({ ...eip155, chainId: 'eip155:0x1' })).toThrow(RangeError)
    expect(() => createSiwxMessage({ ...solana, chainId: 'cosmos:cosmoshub-4' })).toThrow(/not available/)
    // A Solana address on a Bitcoin chain: the template writes it, the API then refuses the address.
    expect(createSiwxMessage({ ...solana, chainId: 'bip122:000000000019d6689c085ae165831e93' })).toContain('Bitcoin account')
  })
})
