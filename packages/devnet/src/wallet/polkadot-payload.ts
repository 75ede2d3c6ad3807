import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { u8aWrapBytes } from '@polkadot/util'
import { blake2AsU8a, encodeAddress, signatureVerify, sr25519Verify } from '@polkadot/util-crypto'
import { POLKADOT_DEVNET_GENESIS_HASH, polkadotDevnetAccounts } from '../polkadot/accounts'

const [first, second] = polkadotDevnetAccounts

/**
 * A payload as @polkadot/api 16 hands it to an extension's signPayload, for tests: account 0 sends
 * 1 ROC to account 1 (balances.transferKeepAlive, pallet 10 call 3 of the devnet's runtime,
 * immortal, nonce 0) with the newer CheckMetadataHash extension (mode 1 and a metadataHash).
 */
export const DEVNET_TRANSFER_PAYLOAD: SignerPayloadJSON = {
  address: first!.address,
  blockHash: POLKADOT_DEVNET_GENESIS_HASH,
  blockNumber: '0x00000000',
  era: '0x00',
  genesisHash: POLKADOT_DEVNET_GENESIS_HASH,
  metadataHash: `0x${'ab'.repeat(32)}`,
  method: `0x0a0300${second!.publicKey.slice(2)}070010a5d4e8`,
  mode: 1,
  nonce: '0x00000000',
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
  specVersion: '0x00000384',
  tip: '0x00000000000000000000000000000000',
  transactionVersion: '0x00000010',
  version: 4,
  withSignedTransaction: false,
}

/** What an sr25519 signature of `payload` covers: its SCALE ExtrinsicPayload, or that one's blake2-256 above 256 bytes. */
export function payloadBytes(payload: SignerPayloadJSON): Uint8Array {
  const registry = new TypeRegistry()
  registry.setSignedExtensions(payload.signedExtensions)
  const bytes = registry.createType('ExtrinsicPayload', payload, { version: payload.version }).toU8a({ method: true })
  return bytes.length > 256 ? blake2AsU8a(bytes) : bytes
}

/** Whether `signature` (an extension's: MultiSignature, type byte first) signs `payload` with `publicKey`. */
export const signsPayload = (payload: SignerPayloadJSON, signature: string, publicKey: string): boolean =>
  signatureVerify(payloadBytes(payload), signature, publicKey).isValid

/** Whether the sr25519 `signature` signs the `<Bytes>`-wrapped `data` with `publicKey` (and not the bare data). */
export const signsWrappedBytes = (data: string, signature: string, publicKey: string): boolean =>
  sr25519Verify(u8aWrapBytes(data), signature, publicKey) && !sr25519Verify(data, signature, publicKey)

/** An account's address as extensions give it: the generic Substrate format (SS58 42). */
export const genericAddress = (publicKey: string): string => encodeAddress(publicKey, 42)
