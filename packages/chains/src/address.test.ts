import { describe, expect, it } from 'vitest'
import {
  isEvmAddress,
  isSolanaAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  parseChainId,
  receiveUri,
  shortAddress,
  toCaipAddress,
  toHexChainId,
} from './address'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('isEvmAddress', () => {
  it('accepts 40 hex digits with or without 0x', () => {
    expect(isEvmAddress(ADDRESS)).toBe(true)
    expect(isEvmAddress(ADDRESS.slice(2))).toBe(true)
    expect(isEvmAddress(ADDRESS.toLowerCase())).toBe(true)
  })

  it('rejects other lengths and characters', () => {
    expect(isEvmAddress(ADDRESS.slice(0, -1))).toBe(false)
    expect(isEvmAddress(`${ADDRESS}0`)).toBe(false)
    expect(isEvmAddress(`0x${'g'.repeat(40)}`)).toBe(false)
    expect(isEvmAddress('')).toBe(false)
  })
})

describe('isSolanaAddress', () => {
  it('accepts 32 to 44 base58 characters', () => {
    expect(isSolanaAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe(true)
    expect(isSolanaAddress('0OIl'.repeat(10))).toBe(false)
    expect(isSolanaAddress('1'.repeat(31))).toBe(false)
  })
})

describe('CAIP parsing', () => {
  it('parses CAIP-2 network ids with a known namespace and 2 parts', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(parseCaipNetworkId('cosmos:cosmoshub-4')).toBeUndefined()
    expect(parseCaipNetworkId('eip155')).toBeUndefined()
    expect(parseCaipNetworkId('eip155:1:0x0')).toBeUndefined()
    expect(parseCaipNetworkId('eip155:')).toBeUndefined()
  })

  it('parses CAIP-10 account ids with a known namespace and 3 parts', () => {
    expect(parseCaipAddress(`eip155:31337:${ADDRESS}`)).toEqual({
      namespace: 'eip155',
      reference: '31337',
      caipNetworkId: 'eip155:31337',
      address: ADDRESS,
    })
    expect(parseCaipAddress(`eip155:31337`)).toBeUndefined()
    expect(parseCaipAddress(`foo:1:${ADDRESS}`)).toBeUndefined()
    expect(parseCaipAddress(`eip155:1:${ADDRESS}:x`)).toBeUndefined()
  })

  it('builds CAIP-10 ids', () => {
    expect(toCaipAddress('eip155:1', ADDRESS)).toBe(`eip155:1:${ADDRESS}`)
  })
})

describe('shortAddress', () => {
  it('keeps 0x plus 4 and the last 4', () => {
    expect(shortAddress(ADDRESS)).toBe('0xf39F…2266')
  })

  it('leaves short strings alone', () => {
    expect(shortAddress('0x1234')).toBe('0x1234')
  })
})

describe('chain ids', () => {
  it('parses hex, decimal strings and numbers', () => {
    expect(parseChainId('0x7a69')).toBe(31337)
    expect(parseChainId('0x1')).toBe(1)
    expect(parseChainId('10143')).toBe(10143)
    expect(parseChainId(8453)).toBe(8453)
  })

  it('rejects junk', () => {
    expect(parseChainId('0x')).toBeUndefined()
    expect(parseChainId('0xzz')).toBeUndefined()
    expect(parseChainId(0)).toBeUndefined()
    expect(parseChainId(-1)).toBeUndefined()
    expect(parseChainId(1.5)).toBeUndefined()
    expect(parseChainId(null)).toBeUndefined()
  })

  it('formats hex', () => {
    expect(toHexChainId(31337)).toBe('0x7a69')
  })
})

describe('receiveUri', () => {
  it('is a BIP-21 bitcoin: URI for a Bitcoin address, the plain address otherwise', () => {
    expect(receiveUri('bip122:000000000019d6689c085ae165831e93', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(
      'bitcoin:bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    )
    expect(receiveUri('eip155:1', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })
})
