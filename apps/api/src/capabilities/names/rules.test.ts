import { formatNameMessage, NAME_MESSAGE_PURPOSE, type NameMessage } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { checkAttributes, checkLabel, checkNameMessage, checkTimestamp, NameReason, parseName, suggestionLabels } from './rules'

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
  it('refuses empty or long values, bad avatars and bio characters', () => {
    expect(checkAttributes({ bio: '' })).toEqual({ ok: false, reason: 'Invalid value for name attribute: bio' })
    expect(checkAttributes({ bio: 'a'.repeat(256) }).ok).toBe(false)
    expect(checkAttributes({ bio: '<script>' }).ok).toBe(false)
    expect(checkAttributes({ avatar: 'javascript:alert(1)' }).ok).toBe(false)
    expect(checkAttributes({ avatar: 'ftp://x.example/a.png' }).ok).toBe(false)
    expect(checkAttributes({ avatar: 'not a url' }).ok).toBe(false)
    expect(checkAttributes({ avatar: 'https://x.example/a b.png' }).ok).toBe(false)
  })
})

describe('checkNameMessage', () => {
  const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const nowMs = Date.UTC(2026, 0, 1, 12)
  const nowS = nowMs / 1000
  const fields: NameMessage = {
    domain: 'api.localhost:4403',
    purpose: NAME_MESSAGE_PURPOSE.register,
    name: 'alice.airlock.id',
    address: ALICE,
    coinType: 2147514985,
    issuedAt: nowS,
    expiresAt: nowS + 600,
    attributes: {},
  }
  const expected = { domain: 'api.localhost:4403', purpose: NAME_MESSAGE_PURPOSE.register, address: ALICE, coinType: 2147514985, nowMs }
  const check = (changes: Partial<NameMessage>, expectation: Partial<typeof expected> = {}) =>
    checkNameMessage(formatNameMessage({ ...fields, ...changes }), { ...expected, ...expectation })

  it("accepts a message for this API's domain, the purpose, the body's address (any case) and coin type, valid now", () => {
    expect(check({})).toEqual({ ok: true, value: fields })
    expect(check({ address: ALICE.toLowerCase() }).ok).toBe(true)
    expect(check({}, { address: ALICE.toLowerCase() }).ok).toBe(true)
  })

  it('refuses the old JSON message with a reason that says so, and text that is not a name message', () => {
    const old = JSON.stringify({ name: 'alice.airlock.id', attributes: {}, timestamp: nowS })
    expect(checkNameMessage(old, expected)).toEqual({ ok: false, reason: NameReason.legacyMessage })
    expect(checkNameMessage(JSON.stringify({ attributes: {}, timestamp: nowS }), expected)).toEqual({
      ok: false,
      reason: NameReason.legacyMessage,
    })
    expect(checkNameMessage('Register alice.airlock.id', expected)).toEqual({ ok: false, reason: NameReason.message })
  })

  it('refuses a message for another site, purpose, address or coin type', () => {
    expect(check({ domain: 'evil.example' })).toEqual({ ok: false, reason: 'The signed message is for another site: evil.example' })
    expect(check({ domain: 'api.localhost:4404' }).ok).toBe(false)
    expect(check({ purpose: NAME_MESSAGE_PURPOSE.attributes })).toEqual({
      ok: false,
      reason: 'The signed message must have the purpose: Register an Airlock name',
    })
    expect(check({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).toEqual({ ok: false, reason: NameReason.addressMismatch })
    expect(check({ coinType: 60 })).toEqual({ ok: false, reason: NameReason.coinTypeMismatch })
  })

  it('accepts the time window edges and refuses beyond them', () => {
    expect(check({ issuedAt: nowS + 60, expiresAt: nowS + 660 }).ok).toBe(true)
    expect(check({ issuedAt: nowS + 61, expiresAt: nowS + 661 })).toEqual({ ok: false, reason: NameReason.issuedInFuture })
    expect(check({ issuedAt: nowS - 600, expiresAt: nowS }).ok).toBe(true)
    expect(check({ issuedAt: nowS - 601, expiresAt: nowS - 1 })).toEqual({ ok: false, reason: NameReason.expired })
    expect(check({ issuedAt: nowS - 600, expiresAt: nowS }, { nowMs: nowMs + 999 }).ok).toBe(true)
    expect(check({ issuedAt: nowS - 600, expiresAt: nowS }, { nowMs: nowMs + 1000 })).toEqual({ ok: false, reason: NameReason.expired })
    expect(check({ expiresAt: nowS + 601 })).toEqual({ ok: false, reason: NameReason.validity })
    expect(check({ expiresAt: nowS })).toEqual({ ok: false, reason: NameReason.validity })
    expect(check({ issuedAt: 0, expiresAt: 253402300799 })).toEqual({ ok: false, reason: NameReason.validity })
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
