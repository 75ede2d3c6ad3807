import { createHash, createHmac, type KeyObject } from 'node:crypto'
import { errors, jwtVerify, SignJWT, type JWK } from 'jose'
import { ed25519FromSeed } from '../../platform/security/ed25519'
import { MIN_SECRET_BYTES } from '../../platform/security/tokens'
import { SiwxReason } from './reasons'

/**
 * The session tokens a dapp's backend checks without trusting the browser: EdDSA (Ed25519) JWTs
 * the API signs, whose public key it publishes at `/.well-known/jwks.json`. Claims: `iss` the
 * API's origin, `aud` the project id, `sub` the CAIP-10 account, `sid` the session id, `domain`
 * the site signed in to, `iat`, `exp` the session's end.
 */
export interface SiwxSigner {
  /** RFC 7638 thumbprint of the public key: the `kid` of every token and of its JWKS entry. */
  kid: string
  privateKey: KeyObject
  publicKey: KeyObject
  /** What `/.well-known/jwks.json` serves. */
  jwks: { keys: JWK[] }
}

/** The signer of a secret (at least 32 bytes): its Ed25519 key is HMAC-SHA256(secret, label), the same at every start. */
export function siwxSigner(secret: Uint8Array): SiwxSigner {
  if (secret.length < MIN_SECRET_BYTES) throw new RangeError(`the API secret must be at least ${MIN_SECRET_BYTES} bytes`)
  const seed = createHmac('sha256', secret).update('airlock:api:siwx-token:v1', 'utf8').digest()
  const { privateKey, publicKey } = ed25519FromSeed(seed)
  const { x } = publicKey.export({ format: 'jwk' }) as { x: string }
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url')
  return { kid, privateKey, publicKey, jwks: { keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid, alg: 'EdDSA', use: 'sig' }] } }
}

export interface SiwxTokenSubject {
  issuer: string
  projectId: string
  /** CAIP-10 account. */
  account: string
  sessionId: string
  domain: string
  issuedAtMs: number
  expiresAtMs: number
}

export function signSiwxToken(signer: SiwxSigner, subject: SiwxTokenSubject): Promise<string> {
  return new SignJWT({ sid: subject.sessionId, domain: subject.domain })
    .setProtectedHeader({ alg: 'EdDSA', kid: signer.kid, typ: 'JWT' })
    .setIssuer(subject.issuer)
    .setAudience(subject.projectId)
    .setSubject(subject.account)
    .setIssuedAt(Math.floor(subject.issuedAtMs / 1000))
    .setExpirationTime(Math.floor(subject.expiresAtMs / 1000))
    .sign(signer.privateKey)
}

/** The session id of a token this signer made for `projectId`, or the refusal (forged, another project's, expired). */
export async function readSiwxToken(
  signer: SiwxSigner,
  token: string,
  expected: { issuer: string; projectId: string; nowMs: number },
): Promise<{ sessionId: string } | { refusal: string }> {
  try {
    const { payload } = await jwtVerify(token, signer.publicKey, {
      algorithms: ['EdDSA'],
      issuer: expected.issuer,
      audience: expected.projectId,
      currentDate: new Date(expected.nowMs),
      requiredClaims: ['sid', 'sub', 'exp'],
    })
    return typeof payload.sid === 'string' ? { sessionId: payload.sid } : { refusal: SiwxReason.tokenInvalid }
  } catch (error) {
    return { refusal: error instanceof errors.JWTExpired ? SiwxReason.tokenExpired : SiwxReason.tokenInvalid }
  }
}
