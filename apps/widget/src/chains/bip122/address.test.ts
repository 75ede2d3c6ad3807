import { bitcoin, bitcoinRegtest, bitcoinTestnet } from '@airlock/chains'
import { BitcoinAddressError } from '@airlock/chains/bip122'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts } from '@airlock/devnet/bitcoin/accounts'
import { describe, expect, it } from 'vitest'
import { loadChainAdapter, servedNamespaces } from '../registry'
import { parseSolanaAddress } from '../solana/address'
import { bip122Adapter } from './index'

const LEGACY = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const REGTEST = bitcoinDevnetAccounts[0]!.address
const { parseAddress, isAddress } = bip122Adapter

describe('Bitcoin addresses (SPEC section 5)', () => {
  it('reads each kind on its network: legacy P2PKH, native segwit, taproot', () => {
    expect(parseAddress(` ${LEGACY} `, bitcoin.caipNetworkId)).toEqual({ ok: true, address: LEGACY })
    expect(parseAddress(SEGWIT.toUpperCase(), bitcoin.caipNetworkId)).toEqual({ ok: true, address: SEGWIT })
    const taproot = bitcoinDevnetTaprootAccounts[0]!.address
    expect(parseAddress(taproot, bitcoinRegtest.caipNetworkId)).toEqual({ ok: true, address: taproot })
  })

  it('refuses an address of another network, never converting it, and calls a bad checksum a typo', () => {
    expect(parseAddress(REGTEST, bitcoin.caipNetworkId)).toEqual({ ok: false, error: BitcoinAddressError.network })
    expect(parseAddress(LEGACY, bitcoinTestnet.caipNetworkId)).toEqual({ ok: false, error: BitcoinAddressError.network })
    const mistyped = `${SEGWIT.slice(0, -1)}${SEGWIT.endsWith('q') ? 'p' : 'q'}`
    expect(parseAddress(mistyped, bitcoin.caipNetworkId)).toEqual({ ok: false, error: BitcoinAddressError.checksum, typo: true })
  })

  it('without a network, takes an address of any Bitcoin network; isAddress wants its canonical form', () => {
    expect(parseAddress(REGTEST)).toEqual({ ok: true, address: REGTEST })
    expect(parseAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toMatchObject({ ok: false })
    expect(isAddress(LEGACY)).toBe(true)
    expect(isAddress(SEGWIT.toUpperCase())).toBe(false)
    expect(isAddress('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')).toBe(false)
  })

  it('a legacy Bitcoin address is not taken for a Solana one (base58 both, 25 bytes, not 32)', () => {
    expect(parseSolanaAddress(LEGACY)).toMatchObject({ ok: false })
  })
})

describe('the bip122 adapter in the registry', () => {
  it('is served, and loads (lazily) as the bip122 family', async () => {
    expect(servedNamespaces()).toContain('bip122')
    expect(await loadChainAdapter('bip122')).toBe(bip122Adapter)
  })
})
