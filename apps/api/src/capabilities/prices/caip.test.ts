import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS, parseCaip10, parseCaip2, parseEvmAddress, parseUserAddress } from './caip'

const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'

describe('parseCaip2', () => {
  it('splits a CAIP-2 id', () => {
    expect(parseCaip2('eip155:31337')).toEqual({ caip2: 'eip155:31337', namespace: 'eip155', reference: '31337' })
    expect(parseCaip2('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.namespace).toBe('solana')
  })
  it.each(['', 'eip155', 'eip155:', ':1', 'EIP155:1', 'eip155:1:0x00', 'eip155:1 ', 'e:1'])('rejects %j', (value) => {
    expect(parseCaip2(value)).toBeUndefined()
  })
})

describe('parseEvmAddress', () => {
  it('accepts 40 hex digits with or without 0x, any case, and checksums them', () => {
    expect(parseEvmAddress(USDC.toLowerCase())).toBe(USDC)
    expect(parseEvmAddress(USDC.slice(2).toUpperCase())).toBe(USDC)
  })
  it('keeps the native marker lower-case', () => {
    expect(parseEvmAddress('0xEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE')).toBe(NATIVE_TOKEN_ADDRESS)
  })
  it.each(['0x', '0x123', `${USDC}0`, USDC.replace('C', 'g'), `eip155:1:${USDC}`, ` ${USDC}`])('rejects %j', (value) => {
    expect(parseEvmAddress(value)).toBeUndefined()
  })
})

describe('parseCaip10', () => {
  it('parses an eip155 account and checksums the address', () => {
    expect(parseCaip10(`eip155:31337:${USDC.toLowerCase()}`)).toEqual({
      caip2: 'eip155:31337',
      namespace: 'eip155',
      reference: '31337',
      account: USDC.toLowerCase(),
      evmAddress: USDC,
    })
  })
  it('parses other namespaces without an EVM address', () => {
    const parsed = parseCaip10('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112')
    expect(parsed?.namespace).toBe('solana')
    expect(parsed?.evmAddress).toBeUndefined()
  })
  it.each([
    USDC,
    `eip155:31337`,
    `eip155:31337:0x1234`,
    `eip155:abc:${USDC}`,
    `eip155:31337:${USDC}:x`,
    `eip155::${USDC}`,
    `eip155:31337:${USDC.slice(2)}`,
  ])('rejects %j', (value) => {
    expect(parseCaip10(value)).toBeUndefined()
  })
})

describe('parseUserAddress', () => {
  const user = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  it('accepts a plain address or a CAIP-10 account on the same chain', () => {
    expect(parseUserAddress(user.toLowerCase(), 'eip155:31337')).toEqual({ address: user })
    expect(parseUserAddress(`eip155:31337:${user}`, 'eip155:31337')).toEqual({ address: user })
  })
  it('refuses another chain, a malformed address and the native marker', () => {
    expect(parseUserAddress(`eip155:1:${user}`, 'eip155:31337')).toEqual({ reason: expect.stringContaining('eip155:1') })
    expect(parseUserAddress('0x1234', 'eip155:31337')).toHaveProperty('reason')
    expect(parseUserAddress(NATIVE_TOKEN_ADDRESS, 'eip155:31337')).toHaveProperty('reason')
    expect(parseUserAddress(`eip155:31337:${NATIVE_TOKEN_ADDRESS}`, 'eip155:31337')).toHaveProperty('reason')
  })
})
