import { describe, expect, it } from 'vitest'
import {
  isPolkadotMethod,
  polkadotMethodParams,
  polkadotMethodResults,
  SignerPayloadJSON,
  SignerPayloadRaw,
  SignerResult,
} from './polkadot'

const ADDRESS = 'HLHi23GPLQMCbE3qwMskZyoSiHunuSesDSeGCJ2u9sVKhG2'

/** A devnet transferKeepAlive, each field in the form @polkadot/types 16.x' SignerPayload.toPayload() writes it. */
const PAYLOAD = {
  address: ADDRESS,
  assetId: null,
  blockHash: `0x${'ab'.repeat(32)}`,
  blockNumber: '0x00000393',
  era: '0x3501',
  genesisHash: `0x${'45'.repeat(32)}`,
  metadataHash: null,
  method: '0x0a0300d279a3af8cc9fafb5953287407e19baf06ddacdbf6151ba11bf8aceb0cfa81210b00407a10f35a',
  mode: 0,
  nonce: '0x00000000',
  // The schema bounds the names; which ones a runtime lists is @airlock/chains/polkadot's concern.
  signedExtensions: ['CheckSpecVersion', 'CheckGenesis', 'CheckMortality', 'CheckNonce', 'ChargeAssetTxPayment'],
  specVersion: '0x00002710',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x00000004',
  version: 4,
  withSignedTransaction: true,
}

describe('SignerPayloadJSON', () => {
  it('takes what polkadot-js sends, with and without the metadata hash and asset id', () => {
    expect(SignerPayloadJSON.safeParse(PAYLOAD).success).toBe(true)
    const { assetId: _a, metadataHash: _m, mode: _o, withSignedTransaction: _w, ...bare } = PAYLOAD
    expect(SignerPayloadJSON.safeParse(bare).success).toBe(true)
    expect(SignerPayloadJSON.safeParse({ ...PAYLOAD, metadataHash: `0x${'cd'.repeat(32)}`, mode: 1, assetId: '0x00' }).success).toBe(true)
  })

  it.each([
    ['an oversized method', { method: `0x${'00'.repeat(65_537)}` }],
    ['a method of half a byte', { method: '0x0a030' }],
    ['a block hash of 31 bytes', { blockHash: `0x${'ab'.repeat(31)}` }],
    ['a genesis hash without 0x', { genesisHash: '45'.repeat(32) }],
    ['a tip wider than u128', { tip: `0x${'f'.repeat(33)}` }],
    ['a block number wider than u32', { blockNumber: '0x100000000' }],
    ['a 3-byte era', { era: '0x350100' }],
    ['a number as the nonce', { nonce: 0 }],
    ['mode 2', { mode: 2 }],
    ['extrinsic version 5', { version: 5 }],
    ['a metadata hash of 33 bytes', { metadataHash: `0x${'cd'.repeat(33)}` }],
    ['an extension name with a space', { signedExtensions: ['Check Nonce'] }],
    ['33 extensions', { signedExtensions: Array.from({ length: 33 }, () => 'CheckWeight') }],
    ['a hex address', { address: `0x${'d2'.repeat(32)}` }],
    ['a string as the version', { version: '4' }],
  ])('refuses %s', (_name, change) => {
    expect(SignerPayloadJSON.safeParse({ ...PAYLOAD, ...change }).success).toBe(false)
  })

  it('keeps no prototype keys a hostile payload carries', () => {
    const hostile = JSON.parse(
      `{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, ${JSON.stringify(PAYLOAD).slice(1)}`,
    ) as object
    const parsed = SignerPayloadJSON.parse(hostile)
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.hasOwn(parsed, '__proto__')).toBe(false)
    expect(Object.hasOwn(parsed, 'constructor')).toBe(false)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('SignerPayloadRaw and SignerResult', () => {
  it('take a raw payload of bytes or payload type only', () => {
    expect(SignerPayloadRaw.safeParse({ address: ADDRESS, data: '0x68656c6c6f', type: 'bytes' }).success).toBe(true)
    expect(SignerPayloadRaw.safeParse({ address: ADDRESS, data: 'hello', type: 'bytes' }).success).toBe(false)
    expect(SignerPayloadRaw.safeParse({ address: ADDRESS, data: '0x00', type: 'text' }).success).toBe(false)
  })

  it('take a MultiSignature or a bare 64-byte signature, nothing shorter or longer', () => {
    expect(SignerResult.safeParse({ id: 1, signature: `0x01${'aa'.repeat(64)}` }).success).toBe(true)
    expect(SignerResult.safeParse({ id: 1, signature: `0x${'aa'.repeat(63)}` }).success).toBe(false)
    expect(SignerResult.safeParse({ id: 1, signature: `0x${'aa'.repeat(67)}` }).success).toBe(false)
    expect(SignerResult.safeParse({ id: -1, signature: `0x${'aa'.repeat(64)}` }).success).toBe(false)
    expect(SignerResult.safeParse({ id: 1, signature: `0x${'aa'.repeat(64)}`, signedTransaction: '0x' }).success).toBe(false)
  })
})

describe('the Polkadot RPC schemas', () => {
  it("take WalletConnect's polkadot_signTransaction and polkadot_signMessage shapes", () => {
    expect(polkadotMethodParams.polkadot_signTransaction.safeParse({ address: ADDRESS, transactionPayload: PAYLOAD }).success).toBe(true)
    expect(
      polkadotMethodParams.polkadot_signTransaction.safeParse({ address: ADDRESS, transactionPayload: { ...PAYLOAD, era: 1 } }).success,
    ).toBe(false)
    expect(polkadotMethodParams.polkadot_signMessage.safeParse({ address: ADDRESS, message: 'hello' }).success).toBe(true)
    expect(polkadotMethodParams.polkadot_signMessage.safeParse({ address: ADDRESS, message: 'x'.repeat(8195) }).success).toBe(false)
    expect(polkadotMethodParams.polkadot_signMessage.safeParse({ address: ADDRESS, data: '0x00' }).success).toBe(false)
    expect(polkadotMethodResults.polkadot_signMessage.safeParse({ signature: `0x${'aa'.repeat(64)}` }).success).toBe(true)
  })

  it('answer accounts as extensions inject them, at most 100', () => {
    expect(polkadotMethodResults.polkadot_accounts.safeParse([{ address: ADDRESS, name: 'Alice', type: 'sr25519' }]).success).toBe(true)
    expect(polkadotMethodResults.polkadot_accounts.safeParse([{ address: ADDRESS, type: 'ethereum' }]).success).toBe(false)
    expect(
      polkadotMethodResults.polkadot_requestAccounts.safeParse(Array.from({ length: 101 }, () => ({ address: ADDRESS }))).success,
    ).toBe(false)
  })

  it('know their method names and no inherited ones', () => {
    expect(isPolkadotMethod('polkadot_signTransaction')).toBe(true)
    expect(isPolkadotMethod('__proto__')).toBe(false)
    expect(isPolkadotMethod('toString')).toBe(false)
  })
})
