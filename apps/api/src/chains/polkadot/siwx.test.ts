import { POLKADOT_SIWX, renderSiwxMessage } from '@airlock/protocol'
import { wrapBytes } from '@airlock/chains/polkadot'
import { polkadotDevnetPair } from '@airlock/devnet/polkadot'
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { u8aToHex } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siwxTestApi, askNonce, call, dappMessage, reasonOf, type SiwxTestApi } from '../../origins/api/testing/siwx'
import { openDatabase } from '../../platform/db/open'
import type { Database } from '../../platform/db/database'
import { polkadotSiwx } from './siwx'

const DEVNET = 'polkadot:45454545454545454545454545454545'
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const utf8 = new TextEncoder()

let alice: KeyringPair
let bob: KeyringPair
let ledger: KeyringPair
let ecdsa: KeyringPair
beforeAll(async () => {
  await cryptoWaitReady()
  alice = await polkadotDevnetPair(0)
  bob = await polkadotDevnetPair(1)
  // A Ledger-style ed25519 key and an ECDSA one, on the devnet's prefix 2.
  ledger = new Keyring({ type: 'ed25519', ss58Format: 2 }).addFromUri('//Ledger')
  ecdsa = new Keyring({ type: 'ecdsa', ss58Format: 2 }).addFromUri('//Ecdsa')
})

/** What an extension's signRaw({type: 'bytes'}) answers: the message wrapped in <Bytes>, signed. */
const signRaw = (pair: KeyringPair, message: string) => u8aToHex(pair.sign(wrapBytes(utf8.encode(message))))
const signed = (pair: KeyringPair, message: string, signature: string, caipNetworkId = DEVNET) => ({
  address: pair.address,
  message,
  signature,
  caipNetworkId,
})

describe('polkadot signatures', () => {
  it('verifies sr25519, ed25519 and ECDSA signatures of the <Bytes>-wrapped message, and of the bare one', async () => {
    const message = 'Sign in to Demo'
    for (const pair of [alice, ledger, ecdsa]) {
      const signature = signRaw(pair, message)
      expect(polkadotSiwx.isSignature(signature), pair.type).toBe(true)
      expect(await polkadotSiwx.verify(null, signed(pair, message, signature)), pair.type).toBe(true)
      const bare = u8aToHex(pair.sign(utf8.encode(message)))
      expect(await polkadotSiwx.verify(null, signed(pair, message, bare)), pair.type).toBe(true)
    }
    // With the MultiSignature type byte (00 ed25519, 01 sr25519), as some signers answer.
    const typed = u8aToHex(alice.sign(wrapBytes(utf8.encode(message)), { withType: true }))
    expect(await polkadotSiwx.verify(null, signed(alice, message, typed))).toBe(true)
  })

  it('refuses another message, another key, an address of another network, a tampered signature and garbage', async () => {
    const signature = signRaw(alice, 'one')
    expect(await polkadotSiwx.verify(null, signed(alice, 'two', signature))).toBe(false)
    expect(await polkadotSiwx.verify(null, signed(bob, 'one', signature))).toBe(false)
    // Alice's devnet address (prefix 2) is not how Polkadot (prefix 0) writes her account.
    expect(await polkadotSiwx.verify(null, signed(alice, 'one', signature, POLKADOT))).toBe(false)
    const tampered = signature.slice(0, -2) + (signature.endsWith('00') ? '01' : '00')
    expect(await polkadotSiwx.verify(null, signed(alice, 'one', tampered))).toBe(false)
    expect(await polkadotSiwx.verify(null, signed(alice, 'one', `0x${'11'.repeat(64)}`))).toBe(false)
    expect(polkadotSiwx.isSignature('0x1234')).toBe(false)
    expect(polkadotSiwx.isSignature(signature.slice(2))).toBe(false)
  })
})

describe('sign in with a Polkadot account', () => {
  let db: Database
  let api: SiwxTestApi
  beforeAll(async () => {
    db = await openDatabase()
    // The sign-in checks the chain is one the API serves; verifying makes no request to it.
    api = siwxTestApi({ db, upstreams: { [DEVNET]: 'http://127.0.0.1:9' } })
  }, 60_000)
  afterAll(() => db?.close())

  it.each([
    ['sr25519', () => alice],
    ['ed25519', () => ledger],
  ])('opens a session for an %s-signed CAIP-122 message, and refuses a forged or tampered one', async (_type, pairOf) => {
    const pair = pairOf()
    const data = dappMessage(api.clock.now, { accountAddress: pair.address, chainId: DEVNET, nonce: await askNonce(api.app) })
    const message = renderSiwxMessage(POLKADOT_SIWX, data)
    expect(message).toContain('wants you to sign in with your Substrate account:')
    const forged = await call(api.app, 'POST', '/v1/siwx/sessions', { message, signature: signRaw(bob, message) })
    expect(forged.status, reasonOf(forged)).toBe(401)
    const data2 = { ...data, nonce: await askNonce(api.app) }
    const message2 = renderSiwxMessage(POLKADOT_SIWX, data2)
    const tampered = await call(api.app, 'POST', '/v1/siwx/sessions', {
      message: message2,
      signature: signRaw(pair, message2.replace('Sign in', 'Sign out')),
    })
    expect(tampered.status, reasonOf(tampered)).toBe(401)
    const data3 = { ...data, nonce: await askNonce(api.app) }
    const message3 = renderSiwxMessage(POLKADOT_SIWX, data3)
    const reply = await call(api.app, 'POST', '/v1/siwx/sessions', { message: message3, signature: signRaw(pair, message3) })
    expect(reply.status, reasonOf(reply)).toBe(201)
    expect(reply.body).toMatchObject({ data: { accountAddress: pair.address, chainId: DEVNET } })
  })
})
