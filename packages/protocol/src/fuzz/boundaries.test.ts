import type { Message } from 'penpal'
import { describe, expect, it } from 'vitest'
import { PenpalEnvelope } from '../envelope'
import { penpalEnvelopeCheck } from '../host-checks'
import type { Validator } from '../rpc'
import { LINKS, type Link } from './links'
import {
  brokenEnvelope,
  brokenResult,
  forgedCall,
  forgedCallId,
  reply,
  show,
  validCall,
  windowMessage,
  wrongOrigins,
  type ForgedCall,
} from './messages'
import { openReceiver, type Receiver } from './harness'
import { createRng, fuzzSeed, type Rng } from './prng'

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}
const seed = fuzzSeed(env)
console.info(`[fuzz] message boundaries: seed ${seed} (replay with AIRLOCK_FUZZ_SEED=${seed})`)

const CALLS = 700
const REPLY_ROUNDS = 100
const WINDOW_MESSAGES = 200

/** The validators the real receiver runs: the lite twins where it has them (the host SDK), else zod. */
const realValidators = (link: Link) => ({ params: link.liteParams ?? link.params, results: link.liteResults ?? link.results })

const ok = (validator: Validator, value: unknown) => validator.safeParse(value).success

function calls(link: Link, rng: Rng): ForgedCall[] {
  return Array.from({ length: CALLS }, (_, i) => forgedCall(link, rng, `forged-${i}`))
}

describe.each(LINKS)('fuzz: $name', (link) => {
  it('at least 1,000 forged calls, replies and window messages: none reaches a handler or settles a call, and valid calls still do', async () => {
    const rng = createRng(seed).fork(link.name)
    const receiver = await openReceiver(link, realValidators(link))
    let forged = 0
    try {
      forged += await forgedCallsOnTheChannel(link, receiver, rng.fork('calls'))
      forged += await forgedReplies(link, receiver, rng.fork('replies'))
      forged += await forgedWindowMessages(link, receiver, rng.fork('window'))
      expect(receiver.handled).toEqual([])
      expect(forged).toBeGreaterThanOrEqual(1000)
      await validCallsStillReachTheirHandlers(link, receiver)
    } finally {
      receiver.close()
    }
  })

  it('lite and zod agree on every generated message (all refused), and on the valid ones (all accepted)', () => {
    const rng = createRng(seed).fork(link.name)
    const cloned = (value: unknown) => structuredClone(value)
    const envelope = (message: unknown) => [PenpalEnvelope.safeParse(message).success, penpalEnvelopeCheck.safeParse(message).success]
    let compared = 0
    for (const { message, expect: verdict, how } of calls(link, rng.fork('calls'))) {
      const m = cloned(message) as Message & { args?: unknown[] }
      expect(envelope(m), how).toEqual(verdict === 'drop' ? [false, false] : [true, true])
      if (verdict === 'invalid-params' && m.args!.length <= 1) {
        const method = (m as { methodPath: string[] }).methodPath[0]!
        expect(ok(link.params[method]!, m.args![0]), how).toBe(false)
        if (link.liteParams) expect(ok(link.liteParams[method]!, m.args![0]), `lite: ${how}`).toBe(false)
      }
      compared++
    }
    const results = rng.fork('results')
    for (let i = 0; i < 500; i++) {
      const method = results.pick(Object.keys(link.results))
      const broken = brokenResult(link, method, results)
      if (!broken) continue
      const value = cloned(broken.value)
      expect(ok(link.results[method]!, value), `${method} result ${show(value)}`).toBe(false)
      if (link.liteResults) expect(ok(link.liteResults[method]!, value), `lite ${method} result`).toBe(false)
      expect(envelope(cloned(brokenEnvelope(reply(link, 'x', value), results)))).toEqual([false, false])
      compared += 2
    }
    expect(compared).toBeGreaterThanOrEqual(1000)

    // The same checks accept the valid messages, so that "both refuse" above could fail.
    for (const [method, samples] of Object.entries(link.paramSamples)) {
      for (const sample of samples) {
        expect(envelope(cloned(validCall(link, '1', method, sample))), method).toEqual([true, true])
        expect(ok(link.params[method]!, sample), method).toBe(true)
        if (link.liteParams) expect(ok(link.liteParams[method]!, sample), `lite ${method}`).toBe(true)
      }
    }
    for (const [method, samples] of Object.entries(link.resultSamples)) {
      for (const sample of samples) {
        expect(envelope(cloned(reply(link, '1', sample))), method).toEqual([true, true])
        expect(ok(link.results[method]!, sample), `${method} result`).toBe(true)
        if (link.liteResults) expect(ok(link.liteResults[method]!, sample), `lite ${method} result`).toBe(true)
      }
    }
  })
})

/** Forged calls on the receiver's own channel: each is dropped, or refused with the right error reply. */
async function forgedCallsOnTheChannel(link: Link, receiver: Receiver, rng: Rng): Promise<number> {
  const forged = calls(link, rng)
  for (const { message } of forged) receiver.post(message)
  const answered = forged.filter((f) => f.expect !== 'drop')
  await receiver.waitForInbox(answered.length)
  const replies = new Map(
    receiver.inbox.map((m) => [(m as { callId?: string }).callId, m as Message & { value: unknown; isError?: boolean }]),
  )
  for (const { message, expect: verdict, how } of answered) {
    const answer = replies.get((message as { id: string }).id)
    expect(answer?.isError, how).toBe(true)
    if (verdict === 'invalid-params') expect(answer?.value, how).toMatchObject({ code: -32602 })
    // Unknown names answer penpal's own error, without a stack that would show our files.
    else
      expect(answer?.value, how).toEqual({
        name: 'PenpalError',
        message: expect.stringMatching(/^Method `.*` is not found\.$/s),
        penpalCode: 'METHOD_NOT_FOUND',
      })
  }
  const count = (verdict: string) => forged.filter((f) => f.expect === verdict).length
  expect(receiver.invalid).toHaveLength(count('invalid-params'))
  expect(receiver.drops.filter((d) => d === 'malformed')).toHaveLength(count('drop') + count('not-found'))
  expect(receiver.handled).toEqual([])
  receiver.inbox.length = 0
  receiver.drops.length = 0
  receiver.invalid.length = 0
  return forged.length
}

/**
 * The receiver calls its peer; the forger answers with replies of other ids (replayed, altered,
 * made up) and broken envelopes first, then with the real id: a malformed result must be refused,
 * and a result of a z.unknown() method must be the real reply's, never a forged one's.
 */
async function forgedReplies(link: Link, receiver: Receiver, rng: Rng): Promise<number> {
  const answered: string[] = []
  let forged = 0
  for (let round = 0; round < REPLY_ROUNDS; round++) {
    const method = rng.pick(Object.keys(link.results))
    const settled = receiver.caller[method]!().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    )
    await receiver.waitForInbox(round + 1)
    const call = receiver.inbox[round] as Message & { id: string; methodPath: string[] }
    expect(call.type).toBe('CALL')
    expect(call.methodPath).toEqual([method])
    const decoy = rng.pick(link.resultSamples[method]!)
    for (let i = 0; i < 3; i++) receiver.post(reply(link, forgedCallId(call.id, answered, rng), decoy))
    receiver.post(brokenEnvelope(reply(link, call.id, decoy), rng))
    forged += 4
    const broken = brokenResult(link, method, rng)
    const genuine = { marker: `genuine-${round}` }
    receiver.post(reply(link, call.id, broken ? broken.value : genuine))
    answered.push(call.id)
    const outcome = await settled
    if (broken) {
      forged++
      expect(outcome, `${method}: malformed result`).toMatchObject({ error: { code: -32603, message: `Malformed result from ${method}` } })
    } else {
      expect(outcome, `${method}: only the real reply settles the call`).toEqual({ value: genuine })
    }
  }
  expect(receiver.invalid).toHaveLength(forged - REPLY_ROUNDS * 4)
  receiver.inbox.length = 0
  receiver.invalid.length = 0
  return forged
}

/**
 * Messages on the receiver's window from a wrong origin or another window (handshakes included:
 * a SYN would reset the channel, an ACK2 replace it, a DESTROY end it), and broken envelopes from
 * the peer itself. None may be handled, and the channel must survive them (checked after).
 */
async function forgedWindowMessages(link: Link, receiver: Receiver, rng: Rng): Promise<number> {
  const origins = wrongOrigins(link.peerOrigin)
  const smuggled: MessagePort[] = []
  for (let i = 0; i < WINDOW_MESSAGES; i++) {
    const message = windowMessage(link, rng, `window-${i}`)
    const { port1, port2 } = new MessageChannel()
    const ports = (message as { type: string }).type === 'ACK2' ? [port2] : []
    if (ports.length) smuggled.push(port1)
    const roll = rng.int(3)
    if (roll === 0) receiver.postToWindow(message, { origin: rng.pick(origins), fromPeer: true, ports })
    else if (roll === 1) receiver.postToWindow(message, { origin: link.peerOrigin, fromPeer: false, ports })
    else receiver.postToWindow(brokenEnvelope(message, rng), { origin: link.peerOrigin, fromPeer: true, ports })
  }
  // Calls through the ports a forged ACK2 tried to hand over.
  const [method, [sample]] = Object.entries(link.paramSamples)[0]!
  for (const port of smuggled) port.postMessage(validCall(link, 'smuggled', method, sample))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(receiver.handled).toEqual([])
  expect(receiver.inbox).toEqual([])
  for (const port of smuggled) port.close()
  return WINDOW_MESSAGES + smuggled.length
}

/** The control: after all that, the real channel still carries every valid call to its handler. */
async function validCallsStillReachTheirHandlers(link: Link, receiver: Receiver): Promise<void> {
  const expected = Object.entries(link.paramSamples).flatMap(([method, samples]) => samples.map((params) => ({ method, params })))
  expected.forEach(({ method, params }, i) => receiver.post(validCall(link, `valid-${i}`, method, params)))
  await receiver.waitForInbox(expected.length)
  expect(receiver.inbox.filter((m) => (m as { isError?: boolean }).isError)).toEqual([])
  expect(receiver.handled).toEqual(expected)
}
