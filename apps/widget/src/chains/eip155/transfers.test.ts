import { describe, expect, it, vi } from 'vitest'
import { AddressError, eip155NativeBalance, parseEip155Address } from './transfers'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('eip155 native balance', () => {
  it('reads eth_getBalance at the latest block', async () => {
    const rpc = vi.fn(async () => '0xde0b6b3a7640000')
    expect(await eip155NativeBalance(rpc, 'eip155:1', ADDRESS)).toBe(10n ** 18n)
    expect(rpc).toHaveBeenCalledWith('eip155:1', 'eth_getBalance', [ADDRESS, 'latest'])
  })

  it('rejects a malformed balance', async () => {
    await expect(eip155NativeBalance(async () => 12, 'eip155:1', ADDRESS)).rejects.toThrow('Malformed balance')
  })
})

describe('an eip155 receiver as typed', () => {
  it('takes 40 hex digits with or without 0x and checksums them; a wrong checksum is refused', () => {
    expect(parseEip155Address(ADDRESS.toLowerCase().slice(2))).toEqual({ ok: true, address: ADDRESS })
    expect(parseEip155Address(` ${ADDRESS} `)).toEqual({ ok: true, address: ADDRESS })
    expect(parseEip155Address(ADDRESS.replace('f39F', 'F39F'))).toEqual({ ok: false, error: AddressError.checksum, typo: true })
    expect(parseEip155Address('0x1234')).toEqual({ ok: false, error: AddressError.invalid })
  })
})
