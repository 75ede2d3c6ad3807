import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AssertionReason, exportPublicKey, importPublicKey, signAssertion, verifyAssertion } from './assertion'
import { ed25519FromSeed } from '../../platform/security/ed25519'

const NOW = Date.UTC(2030, 0, 1)
const sos = ed25519FromSeed(randomBytes(32))
const publicKey = importPublicKey(exportPublicKey(sos.publicKey))
const claims = { sub: 'b3c1c3f4-1111-4222-8333-944455556666', dev: 'a'.repeat(64), pur: 'recover' as const }

describe('assertions', () => {
  it('verify with the public key alone, for their purpose, until they expire', () => {
    const token = signAssertion(sos.privateKey, { ...claims, email: 'a@example.com' }, NOW)
    const verified = verifyAssertion(token, publicKey, 'recover', NOW + 1000)
    expect(verified).toMatchObject({ ok: true, claims: { sub: claims.sub, dev: claims.dev, email: 'a@example.com' } })
    expect(verifyAssertion(token, publicKey, 'enrol', NOW)).toEqual({ ok: false, reason: AssertionReason.wrongPurpose })
    expect(verifyAssertion(token, publicKey, 'recover', NOW + 120_000)).toEqual({ ok: false, reason: AssertionReason.expired })
  })

  it('refuses another key, an edited body and garbage', () => {
    const token = signAssertion(ed25519FromSeed(randomBytes(32)).privateKey, claims, NOW)
    expect(verifyAssertion(token, publicKey, 'recover', NOW)).toEqual({ ok: false, reason: AssertionReason.badSignature })
    const genuine = signAssertion(sos.privateKey, claims, NOW)
    const [body, signature] = genuine.split('.')
    const edited = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>
    edited.sub = 'another-user'
    const forged = `${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${signature}`
    expect(verifyAssertion(forged, publicKey, 'recover', NOW)).toEqual({ ok: false, reason: AssertionReason.badSignature })
    for (const junk of ['', 'a', 'a.b.c', `${body}.`, '!!.??'])
      expect(verifyAssertion(junk, publicKey, 'recover', NOW)).toMatchObject({ ok: false })
  })
})
