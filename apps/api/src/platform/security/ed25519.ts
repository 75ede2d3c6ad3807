import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')

/** The Ed25519 key pair derived from a 32-byte seed. */
export function ed25519FromSeed(seed: Uint8Array): { privateKey: KeyObject; publicKey: KeyObject } {
  if (seed.length !== 32) throw new RangeError('an Ed25519 seed is 32 bytes')
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' })
  return { privateKey, publicKey: createPublicKey(privateKey) }
}
