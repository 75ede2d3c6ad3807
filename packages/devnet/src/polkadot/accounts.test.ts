import { polkadotDevnet, ss58PrefixOf } from '@airlock/chains'
import { u8aToHex } from '@polkadot/util'
import { decodeAddress, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import {
  POLKADOT_DEVNET_CAIP_NETWORK_ID,
  POLKADOT_DEVNET_GENESIS_HASH,
  POLKADOT_DEVNET_SS58_PREFIX,
  POLKADOT_DEVNET_TOKEN,
  polkadotDevnetAccounts,
} from './accounts'
import { polkadotDevnetPair } from './keys'

describe('Polkadot devnet accounts', () => {
  it('are sr25519 DEVNET_MNEMONIC//i as polkadot-js derives them, in the devnet SS58 format', async () => {
    expect(polkadotDevnetAccounts).toHaveLength(10)
    for (const [i, account] of polkadotDevnetAccounts.entries()) {
      const pair = await polkadotDevnetPair(i)
      expect(account.derivation).toBe(`//${i}`)
      expect(pair.type).toBe('sr25519')
      expect(account.publicKey).toBe(u8aToHex(pair.publicKey))
      expect(account.address).toBe(pair.address)
      expect(account.address).toBe(encodeAddress(account.publicKey, POLKADOT_DEVNET_SS58_PREFIX))
      expect(u8aToHex(decodeAddress(account.address))).toBe(account.publicKey)
    }
    expect(new Set(polkadotDevnetAccounts.map((a) => a.address)).size).toBe(10)
    await expect(polkadotDevnetPair(10)).rejects.toThrow(RangeError)
  })

  it('sign messages that verify against their address', async () => {
    const pair = await polkadotDevnetPair(0)
    const message = '<Bytes>airlock devnet</Bytes>'
    expect(signatureVerify(message, pair.sign(message), polkadotDevnetAccounts[0]!.address)).toMatchObject({
      isValid: true,
      crypto: 'sr25519',
    })
  })

  it("the CAIP-2 id is polkadot: and the first 32 hex characters of the genesis hash, @airlock/chains' polkadotDevnet", () => {
    expect(POLKADOT_DEVNET_CAIP_NETWORK_ID).toBe(`polkadot:${POLKADOT_DEVNET_GENESIS_HASH.slice(2, 34)}`)
    expect(polkadotDevnet.caipNetworkId).toBe(POLKADOT_DEVNET_CAIP_NETWORK_ID)
    expect(ss58PrefixOf(polkadotDevnet.caipNetworkId)).toBe(POLKADOT_DEVNET_SS58_PREFIX)
    expect(polkadotDevnet.nativeCurrency).toMatchObject(POLKADOT_DEVNET_TOKEN)
  })
})
