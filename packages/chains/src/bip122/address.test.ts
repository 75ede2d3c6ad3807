import { describe, expect, it } from 'vitest'
import { bitcoin, bitcoinRegtest, bitcoinSignet, bitcoinTestnet, bitcoinTestnet4, solana } from '../networks'
import { BitcoinAddressError, parseBitcoinAddress, scriptToBitcoinAddress } from './address'

const MAIN = bitcoin.caipNetworkId
const REGTEST = bitcoinRegtest.caipNetworkId

// BIP-173 / BIP-350 vectors, the genesis coinbase's address, and a devnet account.
const VALID: [string, string, string][] = [
  [MAIN, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'p2wpkh'],
  [MAIN, 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'p2wsh'],
  [MAIN, 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'p2tr'],
  [MAIN, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'p2pkh'],
  [MAIN, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'p2sh'],
  [bitcoinTestnet.caipNetworkId, 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'p2wpkh'],
  [bitcoinTestnet4.caipNetworkId, 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'p2pkh'],
  [bitcoinSignet.caipNetworkId, '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'p2sh'],
  [REGTEST, 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw', 'p2wpkh'],
]

describe('parseBitcoinAddress', () => {
  it.each(VALID)('reads %s %s as %s, and gives back its output script', (network, address, type) => {
    const parsed = parseBitcoinAddress(`  ${address} `, network)
    expect(parsed).toMatchObject({ ok: true, address, type })
    if (parsed.ok) expect(scriptToBitcoinAddress(parsed.script, network)).toBe(address)
  })

  it('takes an upper-case bech32 address and writes it in lower case; refuses mixed case', () => {
    expect(parseBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', MAIN)).toMatchObject({
      ok: true,
      address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    })
    expect(parseBitcoinAddress('bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', MAIN)).toEqual({
      ok: false,
      error: BitcoinAddressError.invalid,
    })
  })

  it('calls a broken bech32 checksum a typo, as it is one character off', () => {
    expect(parseBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', MAIN)).toEqual({
      ok: false,
      error: BitcoinAddressError.checksum,
      typo: true,
    })
    // BIP-350: a version 0 program in bech32m is refused.
    expect(parseBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', MAIN)).toMatchObject({ ok: false, typo: true })
  })

  it('refuses an address of another Bitcoin network instead of sending to it', () => {
    expect(parseBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', MAIN)).toEqual({
      ok: false,
      error: BitcoinAddressError.network,
    })
    expect(parseBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', REGTEST)).toEqual({ ok: false, error: BitcoinAddressError.network })
    expect(parseBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', REGTEST)).toEqual({
      ok: false,
      error: BitcoinAddressError.network,
    })
  })

  it('does not take a Solana or an EVM address for a Bitcoin one', () => {
    for (const other of [
      '11111111111111111111111111111111',
      '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    ])
      expect(parseBitcoinAddress(other, MAIN)).toEqual({ ok: false, error: BitcoinAddressError.invalid })
  })

  it('refuses segwit versions it cannot spend to safely, and networks it does not know', () => {
    // BIP-350 vector: a witness version 1 program of 40 bytes.
    expect(parseBitcoinAddress('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', MAIN)).toEqual({
      ok: false,
      error: BitcoinAddressError.unsupported,
    })
    expect(parseBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', solana.caipNetworkId)).toEqual({
      ok: false,
      error: BitcoinAddressError.unknownNetwork,
    })
  })

  it('gives no address for a script without one', () => {
    expect(scriptToBitcoinAddress(Uint8Array.of(0x6a, 0x01, 0x00), MAIN)).toBeUndefined()
  })
})
