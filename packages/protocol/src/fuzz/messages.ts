import { PenpalEnvelope } from '../envelope'
import { ALL_METHOD_NAMES, type Link } from './links'
import { kindOf, mutate, requiredKeys } from './mutate'
import type { Rng } from './prng'

/**
 * Malformed and forged penpal messages for one link, each with what the receiver must do with it.
 * Pure: the same generator state gives the same messages.
 */

export type WireMessage = Record<string, unknown>

/** What a receiver must do with a forged call on its port. */
export type CallVerdict = 'drop' | 'invalid-params' | 'not-found'

export interface ForgedCall {
  message: unknown
  expect: CallVerdict
  /** How it was made, for failure messages. */
  how: string
}

/** A short description of any value, for failure messages (bigints and odd objects included). */
export function show(value: unknown): string {
  try {
    return String(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).slice(0, 80)
  } catch {
    return kindOf(value)
  }
}

const base = (link: Link) => ({ namespace: 'penpal', channel: link.channel })

export function validCall(link: Link, id: string, method: string, param: unknown): WireMessage {
  return { ...base(link), type: 'CALL', id, methodPath: [method], args: param === undefined ? [] : [param] }
}

export function reply(link: Link, callId: string, value: unknown): WireMessage {
  return { ...base(link), type: 'REPLY', callId, value }
}

/** An own enumerable key, even `__proto__` (an object literal would set the prototype instead). */
function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...target }
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
  return copy
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype']

function sampleOf(link: Link, rng: Rng): [string, unknown] {
  const method = rng.pick(Object.keys(link.params))
  return [method, rng.pick(link.paramSamples[method]!)]
}

function brokenParams(link: Link, rng: Rng): { method: string; value: unknown; how: string } {
  for (;;) {
    const [method, sample] = sampleOf(link, rng)
    const schema = link.params[method]
    const roll = rng.int(10)
    // Prototype forgery: the fields under `__proto__` / `constructor`, none of them own.
    if (roll < 2 && kindOf(sample) === 'object' && requiredKeys(schema).length) {
      return { method, value: withOwnKey({}, rng.pick(PROTOTYPE_KEYS), sample), how: `${method}: fields only under a prototype key` }
    }
    const mutated = mutate(schema, sample, rng)
    if (!mutated) continue
    const value =
      roll < 4 && kindOf(mutated.value) === 'object'
        ? withOwnKey(mutated.value as Record<string, unknown>, rng.pick(PROTOTYPE_KEYS), { polluted: true })
        : mutated.value
    return { method, value, how: `${method}: one field mutated: ${show(value)}` }
  }
}

/** Names a receiver does not expose, though they look like names it might. */
function unknownPath(link: Link, rng: Rng): string[] {
  const exposed = Object.keys(link.params)
  const own = rng.pick(exposed)
  const candidates = [
    ['constructor'],
    ['__proto__', 'constructor'],
    ['toString'],
    ['hasOwnProperty'],
    ['valueOf'],
    [own, 'call'],
    [own, 'apply'],
    [own, 'constructor'],
    [own.toUpperCase()],
    [`${own} `],
    [''],
    [],
    [rng.pick(ALL_METHOD_NAMES)],
    Array.from({ length: 8 }, () => own),
  ]
  for (;;) {
    const path = rng.pick(candidates)
    if (!(path.length === 1 && exposed.includes(path[0]!))) return path
  }
}

export function forgedCall(link: Link, rng: Rng, id: string): ForgedCall {
  const roll = rng.int(10)
  if (roll < 5) {
    const { method, value, how } = brokenParams(link, rng)
    return { message: validCall(link, id, method, value), expect: 'invalid-params', how }
  }
  if (roll < 6) {
    const [method, sample] = sampleOf(link, rng)
    return {
      message: { ...validCall(link, id, method, sample), args: [sample, rng.pick([null, 0, {}, sample])] },
      expect: 'invalid-params',
      how: `${method}: a second argument`,
    }
  }
  if (roll < 7) {
    const [, sample] = sampleOf(link, rng)
    const path = unknownPath(link, rng)
    return {
      message: { ...validCall(link, id, 'x', sample), methodPath: path },
      expect: 'not-found',
      how: `unknown method ${JSON.stringify(path)}`,
    }
  }
  const [method, sample] = sampleOf(link, rng)
  return { message: brokenEnvelope(validCall(link, id, method, sample), rng), expect: 'drop', how: `${method}: envelope mutated` }
}

/** A wire message the envelope schema refuses. */
export function brokenEnvelope(message: WireMessage, rng: Rng): unknown {
  for (;;) {
    const mutated = mutate(PenpalEnvelope, message, rng)
    if (mutated) return mutated.value
  }
}

/** Call ids a forged reply may carry that are not the pending call's. */
export function forgedCallId(pending: string, answered: readonly string[], rng: Rng): string {
  const candidates = [
    `${pending}0`,
    pending.toUpperCase(),
    pending.slice(1),
    '',
    '__proto__',
    'constructor',
    `00000000-0000-4000-8000-${rng.int(1e12).toString().padStart(12, '0')}`,
  ]
  if (answered.length) candidates.push(rng.pick(answered))
  for (;;) {
    const id = rng.pick(candidates)
    if (id !== pending) return id
  }
}

/** A reply value the result schema of `method` refuses; undefined when it takes anything. */
export function brokenResult(link: Link, method: string, rng: Rng): { value: unknown } | undefined {
  const schema = link.results[method]
  return mutate(schema, rng.pick(link.resultSamples[method]!), rng)
}

/** Origins that are not the pinned one, though close to it. */
export function wrongOrigins(origin: string): string[] {
  const url = new URL(origin)
  return [
    'null',
    '',
    `${origin}/`,
    `${origin}.evil.example`,
    origin.toUpperCase(),
    origin.replace('http:', 'https:'),
    `${url.protocol}//${url.hostname}:${Number(url.port || 80) + 1}`,
    `${url.protocol}//evil.${url.host}`,
    'http://localhost',
    '*',
  ]
}

/** A handshake or other message a forger might post to the receiver's window (valid or not). */
export function windowMessage(link: Link, rng: Rng, id: string): WireMessage {
  const [method, sample] = sampleOf(link, rng)
  const valid: WireMessage[] = [
    { ...base(link), type: 'SYN', participantId: '' },
    { ...base(link), type: 'ACK1', methodPaths: [[method]] },
    { ...base(link), type: 'ACK2' },
    { ...base(link), type: 'DESTROY' },
    validCall(link, id, method, sample),
    reply(link, id, undefined),
  ]
  return rng.pick(valid)
}
