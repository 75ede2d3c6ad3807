import { bytesToHex } from '@airlock/chains/bip122'
import { mnemonicToSeedSync } from '@scure/bip39'
import { payments, toXOnly } from 'bitcoinjs-lib'
import { HDKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC } from '../accounts'
import {
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_GENESIS_HASH,
  bitcoinDevnetAccounts,
  bitcoinDevnetTaprootAccounts,
} from './accounts'
import { REGTEST } from './ecc'

describe('Bitcoin devnet accounts', () => {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEVNET_MNEMONIC))

  it("are BIP-84 m/84'/1'/0'/0/i (P2WPKH) and BIP-86 m/86'/1'/0'/0/i (taproot) of the devnet mnemonic, on regtest", () => {
    expect(bitcoinDevnetAccounts).toHaveLength(10)
    expect(bitcoinDevnetTaprootAccounts).toHaveLength(10)
    for (const [purpose, accounts] of [
      [84, bitcoinDevnetAccounts],
      [86, bitcoinDevnetTaprootAccounts],
    ] as const)
      accounts.forEach((account, i) => {
        const key = root.derive(`m/${purpose}'/1'/0'/0/${i}`)
        expect(account.path).toBe(`m/${purpose}'/1'/0'/0/${i}`)
        expect(account.privateKey).toBe(bytesToHex(key.privateKey!))
        expect(account.publicKey).toBe(bytesToHex(key.publicKey!))
        const address =
          purpose === 84
            ? payments.p2wpkh({ pubkey: key.publicKey!, network: REGTEST }).address
            : payments.p2tr({ internalPubkey: toXOnly(key.publicKey!), network: REGTEST }).address
        expect(account.address).toBe(address)
        expect(account.address.startsWith(purpose === 84 ? 'bcrt1q' : 'bcrt1p')).toBe(true)
      })
  })

  it('the CAIP-2 id is bip122: and the first 32 hex characters of the regtest genesis hash', () => {
    expect(BITCOIN_REGTEST_CAIP_NETWORK_ID).toBe(`bip122:${BITCOIN_REGTEST_GENESIS_HASH.slice(0, 32)}`)
    expect(BITCOIN_REGTEST_CAIP_NETWORK_ID).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
  })
})
