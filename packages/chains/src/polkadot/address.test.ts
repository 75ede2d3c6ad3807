import { encodeAddress } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { bitcoinRegtest, kusamaAssetHub, polkadotAssetHub, polkadotDevnet } from '../networks'
import { PolkadotAddressError, parsePolkadotAddress, polkadotAddressOn } from './address'

const KEY = Uint8Array.from({ length: 32 }, (_, i) => 255 - i * 3)
const DEVNET = polkadotDevnet.caipNetworkId
/** The devnet's account //0 (packages/devnet's polkadotDevnetAccounts), prefix 2. */
const DEVNET_ACCOUNT = 'HLHi23GPLQMCbE3qwMskZyoSiHunuSesDSeGCJ2u9sVKhG2'

describe('parsePolkadotAddress', () => {
  it('takes an address of the network as written, without the spaces around it', () => {
    expect(parsePolkadotAddress(`  ${DEVNET_ACCOUNT}\n`, DEVNET)).toMatchObject({ ok: true, address: DEVNET_ACCOUNT })
    const address = encodeAddress(KEY, 0)
    expect(parsePolkadotAddress(address, polkadotAssetHub.caipNetworkId)).toEqual({ ok: true, address, publicKey: KEY })
  })

  it("re-encodes another prefix's address in the network's: the same account", () => {
    for (const prefix of [0, 42, 7391]) {
      expect(parsePolkadotAddress(encodeAddress(KEY, prefix), kusamaAssetHub.caipNetworkId)).toEqual({
        ok: true,
        address: encodeAddress(KEY, 2),
        publicKey: KEY,
      })
    }
    // A polkadot network Airlock does not list writes the generic prefix 42.
    expect(parsePolkadotAddress(encodeAddress(KEY, 0), 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e')).toMatchObject({
      address: encodeAddress(KEY, 42),
    })
  })

  it('calls a failed checksum a typo', () => {
    const address = encodeAddress(KEY, 0)
    const typo = `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`
    expect(parsePolkadotAddress(typo, polkadotAssetHub.caipNetworkId)).toEqual({
      ok: false,
      error: PolkadotAddressError.checksum,
      typo: true,
    })
  })

  it('refuses a 0x public key or hash, text that is no address, and a network of another family', () => {
    expect(parsePolkadotAddress(`0x${'ab'.repeat(32)}`, DEVNET)).toEqual({ ok: false, error: PolkadotAddressError.publicKey })
    for (const none of ['', 'alice.dot', '0x8ba1f109551bD432803012645Ac136ddd64DBA72', 'x'.repeat(10_000)])
      expect(parsePolkadotAddress(none, DEVNET)).toEqual({ ok: false, error: PolkadotAddressError.invalid })
    expect(parsePolkadotAddress(DEVNET_ACCOUNT, bitcoinRegtest.caipNetworkId)).toEqual({
      ok: false,
      error: PolkadotAddressError.unknownNetwork,
    })
    expect(parsePolkadotAddress(DEVNET_ACCOUNT, 'polkadot')).toEqual({ ok: false, error: PolkadotAddressError.unknownNetwork })
  })
})

describe('polkadotAddressOn', () => {
  it("writes a key in each network's prefix", () => {
    expect(polkadotAddressOn(KEY, polkadotAssetHub.caipNetworkId)).toBe(encodeAddress(KEY, 0))
    expect(polkadotAddressOn(KEY, kusamaAssetHub.caipNetworkId)).toBe(encodeAddress(KEY, 2))
    expect(polkadotAddressOn(KEY, 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e')).toBe(encodeAddress(KEY, 42))
  })
})
