import type { SignerPayloadJSON } from '@airlock/protocol'
import { blake2b } from '@noble/hashes/blake2b'
import { concatBytes } from '@noble/hashes/utils'
import { decodeCall, type PolkadotCall } from './calls'
import { eraBlocks, readEra } from './era'
import { decodeSs58 } from './ss58'
import { encodeCompact, encodeUint, fromHex, ScaleError, ScaleReader, toHex } from './scale'

/**
 * A SignerPayloadJSON (protocol's schema has bounded every field) as the bytes a wallet signs, as
 * the signed extrinsic it becomes, and as a confirmation reads it. The signed extensions are the
 * payload's own list, in its order: each adds its "extra" (carried in the extrinsic) and its
 * "additional signed" data (signed, never sent) as Substrate's runtime rebuilds them. An
 * extension this file cannot encode is refused: skipping one would sign bytes the runtime never
 * checks against, and a confirmation that cannot say what is signed.
 */

export class PolkadotPayloadError extends Error {
  override name = 'PolkadotPayloadError'
}

export const PolkadotPayloadErrorText = {
  unknownExtension: (name: string) => `The payload lists the signed extension ${name}, which this wallet cannot encode`,
  duplicateExtension: (name: string) => `The payload lists the signed extension ${name} twice`,
  metadataHashWithoutMode: 'The payload has a metadata hash but mode 0: the runtime would not check it',
  modeWithoutMetadataHash: 'The payload asks for mode 1 without a metadata hash',
  unlisted: (field: string, extension: string) => `The payload sets ${field} but does not list ${extension}`,
  signature: 'The signature is not a MultiSignature (a type byte 0, 1 or 2 and 64 or 65 bytes)',
  otherNetwork: (network: string) => `The payload is for another network (genesis ${network})`,
} as const

interface Parts {
  extra: Uint8Array[]
  additional: Uint8Array[]
}
type Extension = (payload: SignerPayloadJSON, parts: Parts) => void

const none: Extension = () => undefined
const u32 = (value: string) => encodeUint(BigInt(value), 4)
/**
 * The payload's era field, which must be exactly one era: `0x0001` would read as immortal (0x00)
 * while its two bytes were signed, so what is shown would not be what is signed.
 */
function payloadEra(payload: SignerPayloadJSON) {
  const reader = new ScaleReader(fromHex(payload.era, 'era'))
  const era = readEra(reader)
  if (reader.remaining > 0) throw new ScaleError(`era: ${reader.remaining} byte(s) after the era`)
  return era
}

// The era is read first, so that one the runtime could not decode is refused here, not signed.
const checkMortality: Extension = (payload, parts) => {
  payloadEra(payload)
  parts.extra.push(fromHex(payload.era, 'era'))
  parts.additional.push(fromHex(payload.blockHash, 'blockHash'))
}
const checkSpecVersion: Extension = (payload, parts) => void parts.additional.push(u32(payload.specVersion))
const chargeTransactionPayment: Extension = (payload, parts) => void parts.extra.push(encodeCompact(BigInt(payload.tip)))

/**
 * What each extension adds, as @polkadot/types 16.x' signedExtensions tables and Substrate define
 * them. The empty ones (nothing in the extrinsic, nothing signed) are those polkadot-js lists plus
 * those current parachain runtimes list: StorageWeightReclaim (cumulus) and AuthorizeCall
 * (frame_system, on runtimes with v5 transaction extensions).
 */
const EXTENSIONS: Readonly<Record<string, Extension>> = {
  CheckNonZeroSender: none,
  CheckSpecVersion: checkSpecVersion,
  CheckVersion: checkSpecVersion,
  CheckTxVersion: (payload, parts) => void parts.additional.push(u32(payload.transactionVersion)),
  CheckGenesis: (payload, parts) => void parts.additional.push(fromHex(payload.genesisHash, 'genesisHash')),
  CheckMortality: checkMortality,
  CheckEra: checkMortality,
  CheckNonce: (payload, parts) => void parts.extra.push(encodeCompact(BigInt(payload.nonce))),
  CheckWeight: none,
  ChargeTransactionPayment: chargeTransactionPayment,
  SkipCheckIfFeeless: chargeTransactionPayment,
  // The asset id is the hex of the Option's inner value (SignerPayload's toPayload writes it so).
  ChargeAssetTxPayment: (payload, parts) => {
    const asset = payload.assetId ? concatBytes(Uint8Array.of(1), fromHex(payload.assetId, 'assetId')) : Uint8Array.of(0)
    parts.extra.push(concatBytes(encodeCompact(BigInt(payload.tip)), asset))
  },
  CheckMetadataHash: (payload, parts) => {
    const mode = payload.mode ?? 0
    parts.extra.push(Uint8Array.of(mode))
    parts.additional.push(mode === 1 ? concatBytes(Uint8Array.of(1), fromHex(payload.metadataHash!, 'metadataHash')) : Uint8Array.of(0))
  },
  StorageWeightReclaim: none,
  WeightReclaim: none,
  AuthorizeCall: none,
  CheckBlockGasLimit: none,
  LockStakingStatus: none,
  ValidateEquivocationReport: none,
  PrevalidateAttests: none,
  LimitParathreadCommits: none,
  OnlyStakingAndClaims: none,
  RestrictFunctionality: none,
  TransactionCallFilter: none,
  ValidateDoubleVoteReports: none,
  DisallowSigned: none,
}

/** Runs `read`, telling a SCALE error (bytes that are no valid era, call, compact) as a payload error. */
function guard<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof ScaleError) throw new PolkadotPayloadError(error.message)
    throw error
  }
}

function encodeExtensions(payload: SignerPayloadJSON): Parts {
  const listed = new Set<string>()
  const parts: Parts = { extra: [], additional: [] }
  for (const name of payload.signedExtensions) {
    if (!Object.hasOwn(EXTENSIONS, name)) throw new PolkadotPayloadError(PolkadotPayloadErrorText.unknownExtension(name))
    if (listed.has(name)) throw new PolkadotPayloadError(PolkadotPayloadErrorText.duplicateExtension(name))
    listed.add(name)
  }
  // A field the payload sets but no listed extension signs would be shown to the user and never checked.
  const metadataHash = payload.metadataHash ?? undefined
  if ((payload.mode ?? 0) === 1 && !metadataHash) throw new PolkadotPayloadError(PolkadotPayloadErrorText.modeWithoutMetadataHash)
  if ((payload.mode ?? 0) === 0 && metadataHash) throw new PolkadotPayloadError(PolkadotPayloadErrorText.metadataHashWithoutMode)
  if (metadataHash && !listed.has('CheckMetadataHash'))
    throw new PolkadotPayloadError(PolkadotPayloadErrorText.unlisted('metadataHash', 'CheckMetadataHash'))
  if (payload.assetId && !listed.has('ChargeAssetTxPayment'))
    throw new PolkadotPayloadError(PolkadotPayloadErrorText.unlisted('assetId', 'ChargeAssetTxPayment'))
  guard(() => {
    for (const name of payload.signedExtensions) EXTENSIONS[name]!(payload, parts)
  })
  return parts
}

/** method ‖ extra ‖ additional signed: @polkadot/types' ExtrinsicPayload, `toU8a({ method: true })`. */
export function payloadBytes(payload: SignerPayloadJSON): Uint8Array {
  const { extra, additional } = encodeExtensions(payload)
  return concatBytes(fromHex(payload.method, 'method'), ...extra, ...additional)
}

/** What the signer signs: the payload bytes, or their blake2b-256 when longer than 256 bytes (Substrate's rule). */
export function signingBytes(payload: SignerPayloadJSON): Uint8Array {
  const bytes = payloadBytes(payload)
  return bytes.length > 256 ? blake2b(bytes, { dkLen: 32 }) : bytes
}

/**
 * The signed v4 extrinsic, hex, ready for author_submitExtrinsic: compact length ‖ 0x84 (signed,
 * version 4) ‖ MultiAddress::Id of the payload's address ‖ the MultiSignature ‖ extra ‖ method.
 * `signature` is a MultiSignature as signers answer it (SignerResult.signature): a type byte
 * (0 ed25519, 1 sr25519, 2 ecdsa) and the signature; the signer is the payload's address, so
 * the two cannot disagree.
 */
export function signedExtrinsic(payload: SignerPayloadJSON, signature: string | Uint8Array): `0x${string}` {
  const multiSignature = typeof signature === 'string' ? fromHex(signature, 'signature') : signature
  const type = multiSignature[0]
  if (!((type === 0 || type === 1) && multiSignature.length === 65) && !(type === 2 && multiSignature.length === 66))
    throw new PolkadotPayloadError(PolkadotPayloadErrorText.signature)
  const signer = decodeSs58(payload.address)
  if (!signer) throw new PolkadotPayloadError(`The payload's address ${payload.address} is no SS58 account address`)
  const { extra } = encodeExtensions(payload)
  const body = concatBytes(Uint8Array.of(0x84, 0x00), signer.publicKey, multiSignature, ...extra, fromHex(payload.method, 'method'))
  return toHex(concatBytes(encodeCompact(body.length), body))
}

export type PayloadEra = { kind: 'immortal' } | { kind: 'mortal'; period: number; phase: number; birth: number; death: number }

/** A payload as a confirmation shows it. */
export interface DecodedPayload {
  caipNetworkId: `polkadot:${string}`
  call: PolkadotCall
  tip: bigint
  nonce: bigint
  /** Mortal: valid from block `birth` up to, not including, `death`. */
  era: PayloadEra
  specVersion: number
  transactionVersion: number
  /** CheckMetadataHash: `mode` 1 with the hash the runtime checks it against, else 0 (or the extension is not listed). */
  metadataHash: { mode: 0 | 1; hash: `0x${string}` | undefined; listed: boolean }
  /** ChargeAssetTxPayment's asset (an XCM location's bytes) the fee is paid in; undefined: the network's token. */
  feeAsset: `0x${string}` | undefined
}

/**
 * What a payload asks to sign, on `caipNetworkId`: the payload's genesis hash must be that
 * network's (CAIP-2's reference is its first 32 hex digits), and every extension encodable
 * (signingBytes would refuse it otherwise).
 */
export function decodePayload(payload: SignerPayloadJSON, caipNetworkId: string): DecodedPayload {
  const network = `polkadot:${payload.genesisHash.slice(2, 34).toLowerCase()}` as const
  if (network !== caipNetworkId) throw new PolkadotPayloadError(PolkadotPayloadErrorText.otherNetwork(network))
  encodeExtensions(payload)
  const era = guard(() => payloadEra(payload))
  const mode = payload.mode ?? 0
  return {
    caipNetworkId: network,
    call: decodeCall(fromHex(payload.method, 'method'), network),
    tip: BigInt(payload.tip),
    nonce: BigInt(payload.nonce),
    era: era.kind === 'immortal' ? era : { ...era, ...eraBlocks(era, Number(BigInt(payload.blockNumber))) },
    specVersion: Number(BigInt(payload.specVersion)),
    transactionVersion: Number(BigInt(payload.transactionVersion)),
    metadataHash: {
      mode,
      hash: mode === 1 ? (payload.metadataHash as `0x${string}`) : undefined,
      listed: payload.signedExtensions.includes('CheckMetadataHash'),
    },
    feeAsset: payload.assetId ? (payload.assetId as `0x${string}`) : undefined,
  }
}
