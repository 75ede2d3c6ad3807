import { describe, expect, it } from 'vitest'
import {
  coinTypeToEvmChainId,
  evmChainIdToCoinType,
  formatNameMessage,
  NAME_MESSAGE_PURPOSE,
  nameMessageNow,
  parseNameMessage,
  type NameMessage,
} from './name-message'

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** 2026-01-01T00:00:00Z */
const T0_S = 1_767_225_600

const fields: NameMessage = {
  domain: 'api.localhost:4403',
  purpose: NAME_MESSAGE_PURPOSE.register,
  name: 'alice.airlock.id',
  address: ALICE,
  coinType: 2147514985,
  issuedAt: T0_S,
  expiresAt: T0_S + 600,
  attributes: {},
}

describe('coin types (ENSIP-11)', () => {
  it('sets the high bit of the chain id, unsigned, as AppKit convertEVMChainIdToCoinType', () => {
    expect(evmChainIdToCoinType(31337)).toBe(2147514985)
    expect(evmChainIdToCoinType(1)).toBe(2147483649)
    expect(evmChainIdToCoinType(8453)).toBe(2147492101)
    expect(evmChainIdToCoinType(0x7fffffff)).toBe(0xffffffff)
    for (const bad of [0, -1, 1.5, 0x80000000]) expect(() => evmChainIdToCoinType(bad), String(bad)).toThrow(RangeError)
  })

  it('maps coin types back to chain ids; 60 is mainnet; others are unsupported', () => {
    expect(coinTypeToEvmChainId(2147514985)).toBe(31337)
    expect(coinTypeToEvmChainId(60)).toBe(1)
    for (const bad of [0x80000000, 31337, 501, 2 ** 32, 1.5]) expect(coinTypeToEvmChainId(bad), String(bad)).toBeUndefined()
  })
})

describe('name message', () => {
  it('names the domain, purpose, name, address, coin type, chain and validity, one line each', () => {
    expect(formatNameMessage({ ...fields, attributes: { avatar: 'https://img.example/a.png', bio: 'gm' } })).toBe(
      [
        'api.localhost:4403 asks you to sign this Airlock name message.',
        '',
        'Purpose: Register an Airlock name',
        'Name: alice.airlock.id',
        `Address: ${ALICE}`,
        'Coin Type: 2147514985',
        'Chain ID: 31337',
        'Avatar: https://img.example/a.png',
        'Bio: gm',
        'Issued At: 2026-01-01T00:00:00Z',
        'Expiration Time: 2026-01-01T00:10:00Z',
        'Version: 1',
      ].join('\n'),
    )
  })

  it('is issued at the current whole second and valid for 10 minutes when built now', () => {
    expect(parseNameMessage(nameMessageNow({ ...fields, attributes: {} }, T0_S * 1000 + 999))).toEqual(fields)
  })

  it('parses back to the same fields', () => {
    for (const message of [
      fields,
      { ...fields, purpose: NAME_MESSAGE_PURPOSE.attributes, coinType: 60, attributes: { bio: 'hello there' } },
      { ...fields, attributes: { avatar: 'https://img.example/a.png' } },
    ]) {
      expect(parseNameMessage(formatNameMessage(message))).toEqual(message)
    }
  })

  it('refuses the old JSON message and any text that is not exactly the formatted message', () => {
    const good = formatNameMessage(fields)
    const variants = [
      JSON.stringify({ name: 'alice.airlock.id', attributes: {}, timestamp: T0_S }),
      '',
      good.replace('Chain ID: 31337', 'Chain ID: 1'),
      good.replace('\nVersion: 1', '\nVersion: 2'),
      good.replace('\nVersion: 1', ''),
      `${good}\n`,
      good.replace(/\n/g, '\r\n'),
      good.replace('Purpose: Register an Airlock name', 'Purpose: Sign in'),
      good.replace('Name: alice.airlock.id', 'Name: '),
      good.replace('Coin Type: 2147514985', 'Coin Type: 501'),
      good.replace('Coin Type: 2147514985', 'Coin Type: 02147514985'),
      good.replace(ALICE, '0x1234'),
      good.replace('Issued At: 2026-01-01T00:00:00Z', 'Issued At: 2026-01-01T00:00:00.000Z'),
      good.replace('Issued At: 2026-01-01T00:00:00Z', 'Issued At: 2026-02-30T00:00:00Z'),
      good.replace('Issued At: 2026-01-01T00:00:00Z', 'Issued At: 1767225600'),
      good.replace('Version: 1', 'Bio: gm\nVersion: 1'),
      good.replace('Version: 1', 'Twitter: @alice\nVersion: 1'),
      good.replace('Name: alice.airlock.id', 'Name: alice.airlock.id\nName: bob.airlock.id'),
      good.replace('api.localhost:4403', 'API.localhost:4403'),
      good.replace('api.localhost:4403', 'https://api.localhost:4403'),
      good.replace('\n\n', '\n'),
    ]
    for (const text of variants) expect(parseNameMessage(text), text).toBeUndefined()
  })

  it('refuses fields that would break a line when formatting is asked to parse them back', () => {
    const text = formatNameMessage({ ...fields, attributes: { bio: 'gm\nPurpose: Sign in' } })
    expect(parseNameMessage(text)).toBeUndefined()
  })
})
