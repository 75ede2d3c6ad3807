import { describe, expect, it } from 'vitest'
import {
  addressForChain,
  fullName,
  isFullName,
  labelError,
  labelOf,
  NAME_RULE_TEXT,
  NAME_TOO_LONG_TEXT,
  NameError,
  namesSupported,
} from './rules'

describe('name rules (SPEC section 5)', () => {
  it('accepts labels of at least 4 letters, digits or hyphens', () => {
    for (const label of ['alice', 'Bob1', 'a-b-', '1234', 'x'.repeat(64)]) expect(labelError(label), label).toBeUndefined()
  })

  it('refuses short labels, other characters and over-long labels', () => {
    for (const label of ['', 'bob', 'b_ob', 'bo b', 'bøbby', 'sub.name', 'émile']) expect(labelError(label), label).toBe(NAME_RULE_TEXT)
    expect(labelError('x'.repeat(65))).toBe(NAME_TOO_LONG_TEXT)
  })

  it('reads a typed name as a lower-case label, with or without the zone', () => {
    expect(labelOf(' Alice ')).toBe('alice')
    expect(labelOf('Alice.Airlock.ID')).toBe('alice')
    expect(fullName('Alice')).toBe('alice.airlock.id')
    expect(isFullName('alice.airlock.id')).toBe(true)
    expect(isFullName('bob.airlock.id')).toBe(false)
    expect(isFullName('alice.eth')).toBe(false)
  })

  it('supports names on eip155 only', () => {
    expect(namesSupported('eip155:31337')).toBe(true)
    expect(namesSupported('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(false)
    expect(namesSupported('bip122:000000000019d6689c085ae165831e93')).toBe(false)
  })
})

describe('name records and error texts', () => {
  it("finds a record's address for a chain by its coin type", () => {
    const addresses = { '2147514985': { address: '0xA' }, '60': { address: '0xM' } }
    expect(addressForChain(addresses, 31337)).toBe('0xA')
    expect(addressForChain(addresses, 1)).toBe('0xM')
    expect(addressForChain(addresses, 8453)).toBeUndefined()
  })

  it('has the SPEC section 8 default texts', () => {
    expect(NameError.resolve).toBe('Error resolving name')
    expect(NameError.suggestions).toBe('Error fetching name suggestions')
    expect(NameError.forAddress).toBe('Error fetching names for address')
    expect(NameError.register('alice.airlock.id')).toBe('Error registering name alice.airlock.id')
  })
})
