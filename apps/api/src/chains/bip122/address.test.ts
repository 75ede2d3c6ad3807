import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts } from '@airlock/devnet/bitcoin/accounts'
import { describe, expect, it } from 'vitest'
import { parseAnyAccount } from '../families'
import { solanaFamily } from '../solana/family'
import { isAddressOn, parseBitcoinAccount, parseBitcoinAddress } from './address'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const TESTNET4 = 'bip122:00000000da84f2bafbbc53dee25a72ae'
const SIGNET = 'bip122:00000008819873e925422c1ff0f99f7c'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** Valid addresses (made with bitcoinjs-lib's payments, or test vectors) and the networks each belongs to. */
const VALID: [string, string, string[]][] = [
  ['P2PKH', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', [MAINNET]],
  ['P2SH', '32LB5ANdvjNPoW3DXLXUt6ra7Lih9WeBJN', [MAINNET]],
  ['P2WPKH', 'bc1qqurswpc8qurswpc8qurswpc8qurswpc89fe3yv', [MAINNET]],
  ['P2WSH', 'bc1qpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyysjzgfpyys8frmrc', [MAINNET]],
  ['P2TR (BIP-86 vector)', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', [MAINNET]],
  ['testnet P2PKH', 'mgA7SfyBBrVGVSpQ7oqGHPhxpp2gUZWtfc', [TESTNET, TESTNET4, SIGNET, REGTEST]],
  ['testnet P2SH', '2MstP8uJfYBsk1HfmCU9MW3qqKgvrw3ESd1', [TESTNET, TESTNET4, SIGNET, REGTEST]],
  ['testnet P2WPKH', 'tb1qqurswpc8qurswpc8qurswpc8qurswpc800zzll', [TESTNET, TESTNET4, SIGNET]],
  ['regtest P2WPKH', bitcoinDevnetAccounts[0]!.address, [REGTEST]],
  ['regtest P2TR', bitcoinDevnetTaprootAccounts[0]!.address, [REGTEST]],
]

const INVALID: [string, string][] = [
  ['bech32 checksum error', 'bc1qqurswpc8qurswpc8qurswpc8qurswpc89fe3yw'],
  ['base58 checksum error', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
  ['mixed-case bech32', 'bc1qqurswpc8qurswpc8qurswpc8qurSWPC89fe3yv'],
  // A v1 program written with bech32 instead of bech32m (BIP-350 refuses it).
  ['taproot in bech32', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx'],
  ['unknown prefix', 'ltc1qqurswpc8qurswpc8qurswpc8qurswpc8sxv4xs'],
  ['EVM address', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  ['Solana address', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
  ['Solana system program (32 bytes of zero, all 1s)', '11111111111111111111111111111111'],
  ['empty', ''],
]

describe('Bitcoin addresses', () => {
  it.each(VALID)('reads a %s address, on its networks only', (_kind, address, networks) => {
    expect(parseBitcoinAddress(address)).toBe(address)
    for (const network of [MAINNET, TESTNET, TESTNET4, SIGNET, REGTEST])
      expect(isAddressOn(address, network), `${address} on ${network}`).toBe(networks.includes(network))
  })

  it.each(INVALID)('refuses %s', (_kind, value) => {
    expect(parseBitcoinAddress(value)).toBeUndefined()
  })

  it('writes upper-case bech32 in lower case (one spelling per account)', () => {
    expect(parseBitcoinAddress('BC1QQURSWPC8QURSWPC8QURSWPC8QURSWPC89FE3YV')).toBe('bc1qqurswpc8qurswpc8qurswpc8qurswpc89fe3yv')
  })

  it('reads CAIP-10 accounts of a known network whose address it is', () => {
    const devnet = bitcoinDevnetAccounts[0]!.address
    expect(parseBitcoinAccount(`${REGTEST}:${devnet}`)).toEqual({ address: devnet, chain: REGTEST })
    expect(parseBitcoinAccount(`${MAINNET}:${devnet}`)).toBeUndefined()
    expect(parseBitcoinAccount(`bip122:00000000000000000000000000000000:${devnet}`)).toBeUndefined()
    expect(parseBitcoinAccount(`${MAINNET}:1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3`)).toBeUndefined()
  })
})

describe('a legacy Bitcoin address is not a Solana one, nor the reverse', () => {
  it.each(['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '32LB5ANdvjNPoW3DXLXUt6ra7Lih9WeBJN', 'mgA7SfyBBrVGVSpQ7oqGHPhxpp2gUZWtfc'])(
    '%s is read as bip122, and Solana refuses it',
    (address) => {
      expect(solanaFamily.parseAddress(address)).toBeUndefined()
      expect(parseAnyAccount(address)).toEqual({ namespace: 'bip122', address })
    },
  )

  it.each(['7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', '11111111111111111111111111111111'])('%s is read as solana', (address) => {
    expect(parseAnyAccount(address)).toEqual({ namespace: 'solana', address })
  })
})
