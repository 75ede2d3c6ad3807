import { aesGcmOpen, aesGcmSeal, view } from './aesGcm'
import { fromBase64Url, toBase64Url } from './base64url'
import { ADDRESS_BYTES, addressOf, withAddress, type DeviceShare } from './vault'

/**
 * A passkey as the user-held second factor (WebAuthn with the PRF extension): the PRF output of
 * the passkey for a random salt is a 32-byte secret that only the user's authenticator can give
 * again. A copy of this device's share, sealed under a key derived from it, is kept by the
 * secure-origin server; on a new device the passkey opens it, and with the auth share the wallet.
 * Neither the server nor the key service can open it. The rpId is the secure origin's host, so
 * only this origin can ask for it.
 */

export const PasskeyMessage = {
  noPrf: 'This passkey cannot protect a wallet: its authenticator does not support the PRF extension',
  unsupported: 'Passkeys are not available in this browser',
  cancelled: 'The passkey was not used',
} as const

const LABEL = 'airlock:device-share:passkey:v1'
const IV_BYTES = 12
const TIMEOUT_MS = 120_000

export interface PasskeyRecord {
  credentialId: string
  prfSalt: Uint8Array
}

type Credentials = Pick<CredentialsContainer, 'create' | 'get'>

const random = (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes))

/** Registers a passkey for this user; refuses (and the caller keeps nothing) when the authenticator has no PRF. */
export async function createPasskey(
  user: { id: string; name: string },
  rpId: string,
  credentials: Credentials = navigator.credentials,
): Promise<{ credentialId: string }> {
  const credential = (await credentials
    .create({
      publicKey: {
        challenge: random(32),
        rp: { id: rpId, name: 'Airlock' },
        user: { id: new TextEncoder().encode(user.id), name: user.name, displayName: user.name },
        pubKeyCredParams: [
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
        extensions: { prf: {} },
        timeout: TIMEOUT_MS,
      },
    })
    .catch(cancelled)) as PublicKeyCredential | null
  if (!credential) throw new Error(PasskeyMessage.cancelled)
  const results = credential.getClientExtensionResults() as { prf?: { enabled?: boolean } }
  if (!results.prf?.enabled) throw new Error(PasskeyMessage.noPrf)
  return { credentialId: toBase64Url(new Uint8Array(credential.rawId)) }
}

/** The user picks one of the passkeys; its PRF output for that passkey's salt. */
export async function passkeyOutput(
  passkeys: readonly PasskeyRecord[],
  rpId: string,
  credentials: Credentials = navigator.credentials,
): Promise<{ credentialId: string; output: Uint8Array }> {
  const evalByCredential = Object.fromEntries(passkeys.map((passkey) => [passkey.credentialId, { first: view(passkey.prfSalt) }]))
  const assertion = (await credentials
    .get({
      publicKey: {
        challenge: random(32),
        rpId,
        allowCredentials: passkeys.map((passkey) => ({ type: 'public-key' as const, id: view(fromBase64Url(passkey.credentialId)) })),
        userVerification: 'required',
        extensions: { prf: { evalByCredential } },
        timeout: TIMEOUT_MS,
      },
    })
    .catch(cancelled)) as PublicKeyCredential | null
  if (!assertion) throw new Error(PasskeyMessage.cancelled)
  const first = (assertion.getClientExtensionResults() as { prf?: { results?: { first?: BufferSource } } }).prf?.results?.first
  if (!first) throw new Error(PasskeyMessage.noPrf)
  const output = first instanceof ArrayBuffer ? new Uint8Array(first) : new Uint8Array(first.buffer, first.byteOffset, first.byteLength)
  return { credentialId: toBase64Url(new Uint8Array(assertion.rawId)), output: output.slice() }
}

/** A fresh salt for a new passkey's PRF. */
export const newPrfSalt = () => random(32)

async function keyOf(output: Uint8Array, userId: string): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey('raw', view(output), 'HKDF', false, ['deriveKey'])
  const info = new TextEncoder().encode(`${LABEL}:${userId}`)
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new TextEncoder().encode(LABEL), info },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** iv (12) | ciphertext + tag of (share | address) under the passkey's key. */
export async function sealWithPasskey(output: Uint8Array, userId: string, value: DeviceShare): Promise<Uint8Array> {
  const sealed = await aesGcmSeal(await keyOf(output, userId), withAddress(value), `${LABEL}:${userId}`)
  return new Uint8Array([...sealed.iv, ...sealed.ciphertext])
}

export async function openWithPasskey(output: Uint8Array, userId: string, sealed: Uint8Array): Promise<DeviceShare> {
  const plain = await aesGcmOpen(
    await keyOf(output, userId),
    { v: 1, iv: sealed.subarray(0, IV_BYTES), ciphertext: sealed.subarray(IV_BYTES) },
    `${LABEL}:${userId}`,
  )
  return { share: plain.subarray(0, plain.length - ADDRESS_BYTES), address: addressOf(plain.subarray(plain.length - ADDRESS_BYTES)) }
}

/** A cancelled or timed-out ceremony (NotAllowedError) reads as "not used"; anything else stays what it is. */
function cancelled(error: unknown): never {
  if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    throw new Error(PasskeyMessage.cancelled)
  throw error
}
