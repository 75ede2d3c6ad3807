import { decodePayload, PolkadotPayloadError, ScaleError, signingBytes, type DecodedPayload } from '@airlock/chains/polkadot'
import { SignerPayloadJSON } from '@airlock/protocol'
import type { PolkadotNetwork } from './network'

/** Why a payload cannot be shown or signed here (its message is the user's and the dapp's). */
export class PayloadError extends Error {
  override name = 'PayloadError'
}

export const PayloadMessage = {
  notPayload: 'The transaction is not a SignerPayloadJSON of extrinsic version 4',
} as const

/** A payload the frame can show and sign: what it asks (decoded) and the exact bytes signed. */
export interface ReadPayload {
  decoded: DecodedPayload
  signingBytes: Uint8Array
}

/**
 * A SignerPayloadJSON read once for both the confirmation and the signature, by @airlock/chains'
 * one reading of it: refused (PayloadError) unless it is for `network` (its genesis hash), lists
 * only signed extensions whose bytes are known, and its era and metadata-hash fields hold together.
 */
export function readPayload(value: unknown, network: PolkadotNetwork): ReadPayload {
  const parsed = SignerPayloadJSON.safeParse(value)
  if (!parsed.success) throw new PayloadError(PayloadMessage.notPayload)
  try {
    return { decoded: decodePayload(parsed.data, network.id), signingBytes: signingBytes(parsed.data) }
  } catch (error) {
    if (error instanceof PolkadotPayloadError || error instanceof ScaleError) throw new PayloadError(error.message)
    throw error
  }
}
