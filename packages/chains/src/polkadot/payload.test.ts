import { TypeRegistry } from '@polkadot/types'
import { u8aToHex } from '@polkadot/util'
import { blake2AsU8a, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { describe, expect, it } from 'vitest'
import { kusamaAssetHub, polkadotAssetHub } from '../networks'
import { decodePayload, payloadBytes, PolkadotPayloadError, PolkadotPayloadErrorText, signedExtrinsic, signingBytes } from './payload'

/**
 * A recorded Kusama Asset Hub transfer with CheckMetadataHash on (mode 1): the transaction of
 * CoolBitX-Technology/coolwallet-sdk's packages/coin-dot/tests/index.spec.ts ("transfer with
 * address 0 and metadatahash", spec 1009002 at block 11402563), which a CoolWallet signed (ECDSA)
 * and the test recorded as the signed extrinsic. Its fields written as SignerPayloadJSON; the
 * method and the signature are the recorded extrinsic's. The extensions are Kusama Asset Hub's
 * at that spec; the recorded signature verifying over signingBytes proves every signed byte.
 */
const SENDER = 'GP573vqT849Rg5y2vkfQjkZqVt2scGTYWrzxq2ZerxGoQH7'
const RECEIVER = 'F6JLMs2mn3RL8ttA4AmMLQCPBxfNqnEVXxsGtWxo3jBkCSF'
const RECORDED = {
  address: SENDER,
  blockHash: '0x70cdfca3963252730509012205f13520f937a988ec4308624228957e4ef62e51',
  blockNumber: '0x00adfd43',
  era: '0x3604',
  genesisHash: '0x48239ef607d7928874027a43a67689209727dfb3d3dc5e5b03a39bdc2eda771a',
  metadataHash: '0x0b6df28c23c317982d27980959dd38e49409ec41e9dbac3ff75f0e11f7d56bc7',
  method: '0x0a0000' + '6f55d899b0ce192aa28f914b39290de7b6c62e1c923bdd2b53221e575f09b467' + '0700e40b5402',
  mode: 1 as const,
  nonce: '0x00000001',
  signedExtensions: [
    'CheckNonZeroSender',
    'CheckSpecVersion',
    'CheckTxVersion',
    'CheckGenesis',
    'CheckMortality',
    'CheckNonce',
    'CheckWeight',
    'ChargeAssetTxPayment',
    'CheckMetadataHash',
  ],
  specVersion: '0x000f656a',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x0000000f',
  version: 4 as const,
}
const RECORDED_EXTRINSIC =
  '0x4d028400a85cb7912f332232f986d85fa0946ea3fb34dec6dfe3505de03fc417ca8ecac4' +
  '0205785263f6bc407523ceafe982f1b15c615d979354e77e08b56ead13b63075f10d5d874afb2f5dff1d3a3d337147633c2a9ffc11ab4510ec0b6be07e2b9166b401' +
  '3604040000010a00006f55d899b0ce192aa28f914b39290de7b6c62e1c923bdd2b53221e575f09b4670700e40b5402'
const RECORDED_SIGNATURE = `0x${RECORDED_EXTRINSIC.slice(2 + 2 * 36, 2 + 2 * 36 + 2 * 66)}`
/** The same transfer without the metadata hash (mode 0), recorded by the same test file. */
const RECORDED_MODE_0_SIGNATURE =
  '0x02082b462f42fdc3e697dc923183ae7260ad2976f109780f024da7c18ca26c4eb64ab06dbd3ba8c6a24fd84564461a0f57e8af5b9eaecde7abb122ea09a429ce7b00'

const reference = (payload: typeof RECORDED | Record<string, unknown>) => {
  const registry = new TypeRegistry()
  registry.setSignedExtensions(payload.signedExtensions as string[])
  return u8aToHex(registry.createType('ExtrinsicPayload', payload, { version: 4 }).toU8a({ method: true }))
}

const expectRefused = (run: () => unknown, message: string) => {
  expect(run).toThrow(PolkadotPayloadError)
  expect(run).toThrow(message)
}

describe('a recorded Kusama Asset Hub transfer with CheckMetadataHash (mode 1)', () => {
  it('signs the bytes the wallet signed: its ECDSA signature verifies, and @polkadot/types encodes the same', () => {
    expect(u8aToHex(payloadBytes(RECORDED))).toBe(reference(RECORDED))
    expect(signatureVerify(signingBytes(RECORDED), RECORDED_SIGNATURE, SENDER)).toMatchObject({ isValid: true, crypto: 'ecdsa' })
    // Another metadata hash, or none, is another payload.
    const other = { ...RECORDED, metadataHash: `0x${'00'.repeat(32)}` }
    expect(signatureVerify(signingBytes(other), RECORDED_SIGNATURE, SENDER).isValid).toBe(false)
    const { metadataHash: _hash, ...mode0 } = { ...RECORDED, mode: 0 as const }
    expect(signatureVerify(signingBytes(mode0), RECORDED_MODE_0_SIGNATURE, SENDER).isValid).toBe(true)
  })

  it('assembles the extrinsic the wallet sent, byte for byte', () => {
    expect(signedExtrinsic(RECORDED, RECORDED_SIGNATURE)).toBe(RECORDED_EXTRINSIC)
  })

  it('reads as a transfer of 0.01 KSM to the receiver, valid for 128 blocks, metadata checked', () => {
    expect(decodePayload(RECORDED, kusamaAssetHub.caipNetworkId)).toEqual({
      caipNetworkId: kusamaAssetHub.caipNetworkId,
      call: { kind: 'transfer', call: 'transfer_allow_death', receiver: { kind: 'id', address: RECEIVER }, amount: 10_000_000_000n },
      tip: 0n,
      nonce: 1n,
      era: { kind: 'mortal', period: 128, phase: 67, birth: 11_402_563, death: 11_402_691 },
      specVersion: 1_009_002,
      transactionVersion: 15,
      metadataHash: { mode: 1, hash: RECORDED.metadataHash, listed: true },
      feeAsset: undefined,
    })
  })

  it('refuses it for another network than its genesis hash names', () => {
    expectRefused(
      () => decodePayload(RECORDED, polkadotAssetHub.caipNetworkId),
      PolkadotPayloadErrorText.otherNetwork(kusamaAssetHub.caipNetworkId),
    )
  })
})

describe('signed extensions', () => {
  it('refuses an extension it cannot encode, never skips it', () => {
    const payload = { ...RECORDED, signedExtensions: [...RECORDED.signedExtensions, 'ChargeSomethingNew'] }
    expectRefused(() => signingBytes(payload), PolkadotPayloadErrorText.unknownExtension('ChargeSomethingNew'))
    expectRefused(() => signedExtrinsic(payload, RECORDED_SIGNATURE), PolkadotPayloadErrorText.unknownExtension('ChargeSomethingNew'))
    expectRefused(
      () => decodePayload(payload, kusamaAssetHub.caipNetworkId),
      PolkadotPayloadErrorText.unknownExtension('ChargeSomethingNew'),
    )
    // Names that every object has are no extensions either.
    expectRefused(
      () => signingBytes({ ...RECORDED, signedExtensions: ['constructor'] }),
      PolkadotPayloadErrorText.unknownExtension('constructor'),
    )
    expectRefused(
      () => signingBytes({ ...RECORDED, signedExtensions: ['CheckNonce', 'CheckNonce'] }),
      PolkadotPayloadErrorText.duplicateExtension('CheckNonce'),
    )
  })

  it('adds nothing for the empty ones current runtimes list (StorageWeightReclaim, AuthorizeCall)', () => {
    const payload = { ...RECORDED, signedExtensions: ['AuthorizeCall', ...RECORDED.signedExtensions, 'StorageWeightReclaim'] }
    expect(payloadBytes(payload)).toEqual(payloadBytes(RECORDED))
  })

  it('refuses a metadata hash the runtime would not check, and mode 1 without one', () => {
    expectRefused(() => signingBytes({ ...RECORDED, mode: 0 }), PolkadotPayloadErrorText.metadataHashWithoutMode)
    expectRefused(() => signingBytes({ ...RECORDED, metadataHash: null }), PolkadotPayloadErrorText.modeWithoutMetadataHash)
    const unlisted = { ...RECORDED, signedExtensions: RECORDED.signedExtensions.slice(0, -1) }
    expectRefused(() => signingBytes(unlisted), PolkadotPayloadErrorText.unlisted('metadataHash', 'CheckMetadataHash'))
    const noAsset = { ...RECORDED, assetId: '0x01', signedExtensions: ['CheckNonce', 'ChargeTransactionPayment', 'CheckMetadataHash'] }
    expectRefused(() => signingBytes(noAsset), PolkadotPayloadErrorText.unlisted('assetId', 'ChargeAssetTxPayment'))
  })

  it('pays the fee in an asset as Some(asset id) after the tip, as @polkadot/types does', () => {
    // An XCM location's bytes: { parents: 1, interior: Here }.
    const payload = { ...RECORDED, assetId: '0x0100', tip: '0x0000000000000000000000000000002a' }
    // era, nonce 1, tip 42, Some, the location, then CheckMetadataHash's mode 1.
    expect(u8aToHex(payloadBytes(payload))).toContain('3604' + '04' + 'a8' + '01' + '0100' + '01')
    expect(u8aToHex(payloadBytes(payload))).toBe(reference(payload))
    expect(decodePayload(payload, kusamaAssetHub.caipNetworkId)).toMatchObject({ tip: 42n, feeAsset: '0x0100' })
  })

  it("encodes the relay chains' ChargeTransactionPayment and an immortal era as @polkadot/types does", () => {
    const payload = {
      ...RECORDED,
      era: '0x00',
      blockHash: RECORDED.genesisHash,
      tip: '0x00000000000000000000000000000100',
      signedExtensions: RECORDED.signedExtensions.map((name) => (name === 'ChargeAssetTxPayment' ? 'ChargeTransactionPayment' : name)),
    }
    expect(u8aToHex(payloadBytes(payload))).toBe(reference(payload))
    expect(decodePayload(payload, kusamaAssetHub.caipNetworkId).era).toEqual({ kind: 'immortal' })
  })

  it('refuses an era the runtime could not read', () => {
    expectRefused(() => signingBytes({ ...RECORDED, era: '0x1000' }), 'era: period 2 and phase 1 are no mortal era')
  })

  it('refuses an era field with bytes after its era: 0x0001 would show as immortal while both bytes are signed', () => {
    expectRefused(() => signingBytes({ ...RECORDED, era: '0x0001' }), 'era: 1 byte(s) after the era')
    expectRefused(() => decodePayload({ ...RECORDED, era: '0x0001' }, kusamaAssetHub.caipNetworkId), 'era: 1 byte(s) after the era')
  })
})

describe('signing bytes and the signed extrinsic', () => {
  it('hashes a payload longer than 256 bytes with blake2b-256, and signs a shorter one as is', () => {
    expect(signingBytes(RECORDED)).toEqual(payloadBytes(RECORDED))
    const long = { ...RECORDED, method: `0x0000${'fd04'}${'61'.repeat(320)}` }
    expect(payloadBytes(long).length).toBeGreaterThan(256)
    expect(signingBytes(long)).toEqual(blake2AsU8a(payloadBytes(long), 256))
  })

  it('takes a MultiSignature only: ed25519 or sr25519 (64 bytes) or ecdsa (65), with its type byte', () => {
    for (const signature of [`0x00${'11'.repeat(64)}`, `0x01${'11'.repeat(64)}`, Uint8Array.of(2, ...new Uint8Array(65))])
      expect(signedExtrinsic(RECORDED, signature)).toMatch(/^0x/)
    for (const signature of [`0x${'11'.repeat(64)}`, `0x01${'11'.repeat(65)}`, `0x02${'11'.repeat(64)}`, `0x03${'11'.repeat(64)}`, '0x'])
      expectRefused(() => signedExtrinsic(RECORDED, signature), PolkadotPayloadErrorText.signature)
  })

  it("signs as the payload's address, in any SS58 prefix", () => {
    const key = '0x' + 'a85cb7912f332232f986d85fa0946ea3fb34dec6dfe3505de03fc417ca8ecac4'
    expect(signedExtrinsic({ ...RECORDED, address: encodeAddress(key, 42) }, RECORDED_SIGNATURE)).toBe(RECORDED_EXTRINSIC)
  })
})
