import { BIP122_SIWX, renderSiwxMessage } from '@airlock/protocol'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts, type BitcoinDevnetAccount } from '@airlock/devnet/bitcoin/accounts'
import { signRecoverable } from '@bitcoinerlab/secp256k1'
import { Signer } from 'bip322-js'
import { crypto as btcCrypto, networks } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from '@bitcoinerlab/secp256k1'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siwxTestApi, askNonce, call, dappMessage, reasonOf, type SiwxTestApi } from '../../origins/api/testing/siwx'
import { openDatabase } from '../../platform/db/open'
import type { Database } from '../../platform/db/database'
import { bip122Siwx } from './siwx'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const ECPair = ECPairFactory(ecc)
const [alice, bob] = bitcoinDevnetAccounts as [BitcoinDevnetAccount, BitcoinDevnetAccount]
const taproot = bitcoinDevnetTaprootAccounts[0]!

const wif = (account: BitcoinDevnetAccount) =>
  ECPair.fromPrivateKey(Buffer.from(account.privateKey, 'hex'), { network: networks.regtest }).toWIF()
/** BIP-322 simple, as bip322-js signs it (the wallet's way for segwit and taproot). */
const bip322 = (account: BitcoinDevnetAccount, message: string) => Signer.sign(wif(account), account.address, message) as string

/** The legacy "Bitcoin Signed Message" form: a 65-byte compact ECDSA signature (BIP-137 header for P2WPKH), base64. */
function legacy(account: BitcoinDevnetAccount, message: string): string {
  const varint = (n: number) => Buffer.from([n]) // the messages here are shorter than 253 bytes
  const prefix = Buffer.from('\x18Bitcoin Signed Message:\n', 'latin1')
  const text = Buffer.from(message, 'utf8')
  const hash = btcCrypto.hash256(Buffer.concat([prefix, varint(text.length), text]))
  const { signature, recoveryId } = signRecoverable(hash, Buffer.from(account.privateKey, 'hex'))
  return Buffer.concat([Buffer.from([39 + recoveryId]), signature]).toString('base64')
}

const signed = (address: string, message: string, signature: string) => ({ address, message, signature, caipNetworkId: REGTEST })

describe('bip122 signatures', () => {
  it('verifies BIP-322 simple for P2WPKH and P2TR, and the legacy form for P2WPKH', async () => {
    const message = 'Sign in to Demo'
    for (const account of [alice, taproot])
      expect(await bip122Siwx.verify(null, signed(account.address, message, bip322(account, message)))).toBe(true)
    expect(bip122Siwx.isSignature(legacy(alice, message))).toBe(true)
    expect(await bip122Siwx.verify(null, signed(alice.address, message, legacy(alice, message)))).toBe(true)
  })

  it('refuses another message, another key, another network and garbage', async () => {
    const signature = bip322(alice, 'one')
    expect(await bip122Siwx.verify(null, signed(alice.address, 'two', signature))).toBe(false)
    expect(await bip122Siwx.verify(null, signed(bob.address, 'one', signature))).toBe(false)
    expect(await bip122Siwx.verify(null, signed(bob.address, 'one', legacy(alice, 'one')))).toBe(false)
    expect(
      await bip122Siwx.verify(null, {
        ...signed(alice.address, 'one', signature),
        caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      }),
    ).toBe(false)
    expect(await bip122Siwx.verify(null, signed(alice.address, 'one', Buffer.alloc(65, 1).toString('base64')))).toBe(false)
    expect(bip122Siwx.isSignature('not base64!')).toBe(false)
  })
})

describe('sign in with a Bitcoin address', () => {
  let db: Database
  let api: SiwxTestApi
  beforeAll(async () => {
    db = await openDatabase()
    // The sign-in checks the chain is one the API serves; verifying makes no request to it.
    api = siwxTestApi({ db, upstreams: { [REGTEST]: 'http://127.0.0.1:9' } })
  }, 60_000)
  afterAll(() => db?.close())

  it('opens a session for a BIP-322 signed CAIP-122 message, and refuses a forged one', async () => {
    const data = dappMessage(api.clock.now, { accountAddress: alice.address, chainId: REGTEST, nonce: await askNonce(api.app) })
    const message = renderSiwxMessage(BIP122_SIWX, data)
    expect(message).toContain('wants you to sign in with your Bitcoin account:')
    const forged = await call(api.app, 'POST', '/v1/siwx/sessions', { message, signature: bip322(bob, message) })
    expect(forged.status, reasonOf(forged)).toBe(401)
    const data2 = { ...data, nonce: await askNonce(api.app) }
    const message2 = renderSiwxMessage(BIP122_SIWX, data2)
    const reply = await call(api.app, 'POST', '/v1/siwx/sessions', { message: message2, signature: bip322(alice, message2) })
    expect(reply.status, reasonOf(reply)).toBe(201)
    expect(reply.body).toMatchObject({ data: { accountAddress: alice.address, chainId: REGTEST } })
  })
})
