import { createHash, randomBytes } from 'node:crypto'
import { SOCIAL_PROOF_MESSAGE_TYPE } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { createSocialProofs } from './socialProof'

const ORIGIN = 'http://secure.localhost:4402'
const token = () => randomBytes(32).toString('base64url')
const message = (flow: string, proof = token()) => ({ type: SOCIAL_PROOF_MESSAGE_TYPE, flow, proof })

describe('the proofs of the social logins a frame started', () => {
  it('names a flow by the SHA-256 (hex) of its token, as the callback page does, and keeps its proof until forgotten', async () => {
    const proofs = createSocialProofs(ORIGIN)
    const flowToken = token()
    const flow = proofs.expect(flowToken)
    expect(flow).toBe(createHash('sha256').update(flowToken).digest('hex'))
    expect(proofs.proofOf(flow)).toBeUndefined()
    let arrived = false
    void proofs.arrived(flow).then(() => (arrived = true))
    const posted = message(flow)
    expect(proofs.receive({ origin: ORIGIN, data: posted })).toBe(true)
    expect(proofs.proofOf(flow)).toBe(posted.proof)
    await Promise.resolve()
    expect(arrived).toBe(true)
    proofs.forget(flow)
    expect(proofs.proofOf(flow)).toBeUndefined()
    expect(proofs.receive({ origin: ORIGIN, data: message(flow) })).toBe(false)
  })

  it('drops other origins, other shapes and flows not started here', () => {
    const proofs = createSocialProofs(ORIGIN)
    const flow = proofs.expect(token())
    expect(proofs.receive({ origin: 'http://widget.localhost:4401', data: message(flow) })).toBe(false)
    expect(proofs.receive({ origin: 'null', data: message(flow) })).toBe(false)
    expect(proofs.receive({ origin: ORIGIN, data: { ...message(flow), type: 'other' } })).toBe(false)
    expect(proofs.receive({ origin: ORIGIN, data: { ...message(flow), proof: '<script>' } })).toBe(false)
    expect(proofs.receive({ origin: ORIGIN, data: JSON.stringify(message(flow)) })).toBe(false)
    expect(proofs.receive({ origin: ORIGIN, data: message('0'.repeat(64)) })).toBe(false)
    expect(proofs.proofOf(flow)).toBeUndefined()
  })

  it('waits for 16 flows at most: the oldest is dropped first', () => {
    const proofs = createSocialProofs(ORIGIN)
    const flows = Array.from({ length: 17 }, () => proofs.expect(token()))
    expect(proofs.receive({ origin: ORIGIN, data: message(flows[0]!) })).toBe(false)
    for (const flow of flows.slice(1)) expect(proofs.receive({ origin: ORIGIN, data: message(flow) })).toBe(true)
  })
})
