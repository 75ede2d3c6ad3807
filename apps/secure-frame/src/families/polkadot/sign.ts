import { toHex, wrapBytes } from '@airlock/chains/polkadot'
import type { PolkadotAccount } from './derive'

/** MultiSignature's variant for an ed25519 signature (Ed25519 = 0, Sr25519 = 1, Ecdsa = 2). */
const MULTI_SIGNATURE_ED25519 = 0x00

/**
 * A message signature as extensions' `signRaw` answers it: the 64 bytes over `<Bytes>message</Bytes>`,
 * with no type byte (polkadot-js' extension signs with `withType` off there; a verifier such as
 * @polkadot/util-crypto's signatureVerify tells ed25519 from sr25519 by trying the account's key).
 */
export function signPolkadotMessage(account: PolkadotAccount, message: Uint8Array): string {
  return toHex(account.signBytes(wrapBytes(message)))
}

/**
 * A transaction signature as extensions' `signPayload` answers it (@polkadot/types'
 * ExtrinsicPayload.sign on a MultiSignature chain): the MultiSignature, its type byte then the 64
 * bytes over `signingBytes` (the payload, or its blake2-256 when longer than 256 bytes).
 */
export function signPolkadotPayload(account: PolkadotAccount, signingBytes: Uint8Array): string {
  return toHex(Uint8Array.of(MULTI_SIGNATURE_ED25519, ...account.signBytes(signingBytes)))
}
