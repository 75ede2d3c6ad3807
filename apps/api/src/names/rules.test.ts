import { describe, expect, it } from 'vitest'
import {
  checkAttributes,
  checkLabel,
  checkTimestamp,
  coinTypeToEvmChainId,
  evmChainIdToCoinType,
  NameReason,
  parseAttributesMessage,
  parseName,
  parseRegisterMessage,
  suggestionLabels,
} from './rules'

const ZONES = ['airlock.id']

describe('parseName', () => {
  it('accepts a label of 4+ letters, digits and hyphens in an allowed zone, lower-cased', () => {
    expect(parseName('Alice.airlock.id', ZONES)).toEqual({
      ok: true,
      value: { name: 'alice.airlock.id', label: 'alice', zone: 'airlock.id' },
    })
    expect(parseName('a-1b.AIRLOCK.ID', ZONES)).toMatchObject({ ok: true, value: { name: 'a-1b.airlock.id' } })
    expect(parseName(`${'a'.repeat(64)}.airlock.id`, ZONES).ok).toBe(true)
  })

  it('refuses short labels, bad characters, long labels and other zones with the reason', () => {
    expect(parseName('bob.airlock.id', ZONES)).toEqual({ ok: false, reason: NameReason.labelRule })
    expect(parseName('al_ce.airlock.id', ZONES)).toEqual({ ok: false, reason: NameReason.labelRule })
    expect(parseName('al ce.airlock.id', ZONES)).toEqual({ ok: false, reason: NameReason.labelRule })
    expect(parseName('a.lice.airlock.id', ZONES)).toEqual({ ok: false, reason: NameReason.labelRule })
    expect(parseName('ålice.airlock.id', ZONES)).toEqual({ ok: false, reason: NameReason.labelRule })
    expect(parseName(`${'a'.repeat(65)}.airlock.id`, ZONES)).toEqual({ ok: false, reason: NameReason.labelTooLong })
    expect(parseName('alice.reown.id', ZONES)).toEqual({ ok: false, reason: 'Name must end with .airlock.id' })
    expect(parseName('alice', ZONES)).toEqual({ ok: false, reason: 'Name must end with .airlock.id' })
    expect(parseName('.airlock.id', ZONES).ok).toBe(false)
    expect(NameReason.labelRule).toBe('Name must be at least 4 characters of letters, digits and hyphens')
  })

  it('knows several zones', () => {
    expect(parseName('alice.wcn.id', ['airlock.id', 'wcn.id'])).toMatchObject({ ok: true, value: { zone: 'wcn.id' } })
    expect(parseName('alice.x.id', ['airlock.id', 'wcn.id'])).toEqual({ ok: false, reason: 'Name must end with .airlock.id or .wcn.id' })
  })

  it('checks bare labels the same way', () => {
    expect(checkLabel('ABCD')).toEqual({ ok: true, value: 'abcd' })
    expect(checkLabel('abc').ok).toBe(false)
    expect(checkLabel('').ok).toBe(false)
  })
})

describe('coin types (ENSIP-11)', () => {
  it('sets the high bit of the chain id, as AppKit convertEVMChainIdToCoinType', () => {
    expect(evmChainIdToCoinType(31337)).toBe(2147514985)
    expect(evmChainIdToCoinType(31337)).toBe(0x80000000 + 31337)
    expect(evmChainIdToCoinType(1)).toBe(2147483649)
    expect(evmChainIdToCoinType(10)).toBe(2147483658)
    expect(evmChainIdToCoinType(0x7fffffff)).toBe(0xffffffff)
    expect(() => evmChainIdToCoinType(0)).toThrow(RangeError)
    expect(() => evmChainIdToCoinType(0x80000000)).toThrow(RangeError)
    expect(() => evmChainIdToCoinType(1.5)).toThrow(RangeError)
  })

  it('maps coin types back to chain ids; 60 is mainnet; others are unsupported', () => {
    expect(coinTypeToEvmChainId(2147514985)).toBe(31337)
    expect(coinTypeToEvmChainId(2147483649)).toBe(1)
    expect(coinTypeToEvmChainId(60)).toBe(1)
    expect(coinTypeToEvmChainId(0x80000000)).toBeUndefined()
    expect(coinTypeToEvmChainId(0)).toBeUndefined()
    expect(coinTypeToEvmChainId(501)).toBeUndefined()
    expect(coinTypeToEvmChainId(31337)).toBeUndefined()
    expect(coinTypeToEvmChainId(0x100000000)).toBeUndefined()
    expect(coinTypeToEvmChainId(2147514985.5)).toBeUndefined()
  })
})

describe('checkTimestamp (seconds, 10 minutes old at most, 60 s ahead at most)', () => {
  const now = Date.UTC(2026, 0, 1, 12)
  const nowS = now / 1000
  it('accepts the window edges and refuses beyond them', () => {
    expect(checkTimestamp(nowS, now)).toBeUndefined()
    expect(checkTimestamp(nowS - 600, now)).toBeUndefined()
    expect(checkTimestamp(nowS - 601, now)).toBe(NameReason.timestampTooOld)
    expect(checkTimestamp(nowS + 60, now)).toBeUndefined()
    expect(checkTimestamp(nowS + 61, now)).toBe(NameReason.timestampInFuture)
    expect(checkTimestamp(now, now)).toBe(NameReason.timestampInMs)
    expect(checkTimestamp(0, now)).toBe(NameReason.timestampTooOld)
  })
  it('uses whole seconds of the server clock', () => {
    expect(checkTimestamp(nowS - 600, now + 999)).toBeUndefined()
    expect(checkTimestamp(nowS - 600, now + 1000)).toBe(NameReason.timestampTooOld)
  })
})

describe('checkAttributes', () => {
  it('accepts avatar (http(s) URL) and bio', () => {
    expect(checkAttributes({})).toEqual({ ok: true, value: {} })
    expect(checkAttributes({ avatar: 'https://img.example/a.png', bio: 'gm @ web3 + friends' })).toEqual({
      ok: true,
      value: { avatar: 'https://img.example/a.png', bio: 'gm @ web3 + friends' },
    })
  })
  it('refuses other keys, non-strings, empty or long values, bad avatars and bio characters', () => {
    expect(checkAttributes({ twitter: 'x' })).toEqual({ ok: false, reason: 'Unsupported name attribute: twitter' })
    expect(checkAttributes({ bio: 5 })).toEqual({ ok: false, reason: 'Invalid value for name attribute: bio' })
    expect(checkAttributes({ bio: '' }).ok).toBe(false)
    expect(checkAttributes({ bio: 'a'.repeat(256) }).ok).toBe(false)
    expect(checkAttributes({ bio: '<script>' }).ok).toBe(false)
    expect(checkAttributes({ avatar: 'javascript:alert(1)' }).ok).toBe(false)
    expect(checkAttributes({ avatar: 'ftp://x.example/a.png' }).ok).toBe(false)
    expect(checkAttributes({ avatar: 'not a url' }).ok).toBe(false)
    expect(checkAttributes({ avatar: 'https://x.example/a b.png' }).ok).toBe(false)
  })
})

describe('messages', () => {
  it('parses the registration message AppKit signs', () => {
    const message = JSON.stringify({ name: 'alice.airlock.id', attributes: {}, timestamp: 1767225600 })
    expect(parseRegisterMessage(message)).toEqual({ ok: true, value: { name: 'alice.airlock.id', attributes: {}, timestamp: 1767225600 } })
    expect(parseRegisterMessage(JSON.stringify({ name: 'alice.airlock.id', timestamp: 1 }))).toMatchObject({
      ok: true,
      value: { attributes: {} },
    })
  })
  it('refuses other messages', () => {
    for (const message of [
      'not json',
      '[]',
      'null',
      JSON.stringify({ name: 'alice.airlock.id' }),
      JSON.stringify({ name: 'alice.airlock.id', timestamp: '1767225600' }),
      JSON.stringify({ name: 'alice.airlock.id', timestamp: 1.5 }),
      JSON.stringify({ name: 'alice.airlock.id', timestamp: -1 }),
      JSON.stringify({ name: 5, timestamp: 1 }),
      JSON.stringify({ name: 'alice.airlock.id', attributes: [], timestamp: 1 }),
    ]) {
      expect(parseRegisterMessage(message), message).toEqual({ ok: false, reason: NameReason.message })
    }
    expect(parseAttributesMessage(JSON.stringify({ attributes: { bio: 'x' }, timestamp: 1 }))).toMatchObject({ ok: true })
    expect(parseAttributesMessage(JSON.stringify({ timestamp: 1 }))).toEqual({ ok: false, reason: NameReason.attributesMessage })
  })
})

describe('suggestionLabels', () => {
  it('offers valid variants only', () => {
    const labels = suggestionLabels('alice')
    expect(labels).toContain('alice1')
    expect(labels).toContain('alice-x')
    expect(labels.every((label) => checkLabel(label).ok)).toBe(true)
    expect(suggestionLabels('a'.repeat(64))).toEqual([])
    expect(suggestionLabels('a'.repeat(62))).toEqual([
      'a'.repeat(62) + '1',
      'a'.repeat(62) + '2',
      'a'.repeat(62) + '3',
      'a'.repeat(62) + '-1',
      'a'.repeat(62) + '-2',
      'a'.repeat(62) + 'x',
      'a'.repeat(62) + '-x',
      'a'.repeat(62) + '42',
    ])
  })
})
