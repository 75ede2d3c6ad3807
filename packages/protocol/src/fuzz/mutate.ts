import type { Rng } from './prng'

/**
 * Malformed values from a valid sample and its zod schema, invalid by construction: the mutation
 * is chosen from what the schema's definition says it accepts (its kinds, required keys, bounds,
 * patterns), never by asking the schema's own parser, so that the checks under test stay the
 * thing being tested.
 */

export type Kind = 'string' | 'number' | 'bigint' | 'boolean' | 'null' | 'undefined' | 'array' | 'object'
export type Kinds = ReadonlySet<Kind> | 'any'

interface Def {
  type: string
  [key: string]: unknown
}
type Schema = { _zod: { def: Def } }
/** The subset of a zod check's definition we read. */
interface CheckDef {
  check: string
  maximum?: number
  minimum?: number
  value?: number
  inclusive?: boolean
  format?: string
  pattern?: RegExp
}

const defOf = (schema: unknown): Def => (schema as Schema)._zod.def
const checksOf = (def: Def): CheckDef[] => ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def)

export function kindOf(value: unknown): Kind {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const type = typeof value
  if (type === 'string' || type === 'number' || type === 'bigint' || type === 'boolean' || type === 'undefined') return type
  return 'object'
}

const union = (a: Kinds, b: Kinds): Kinds => (a === 'any' || b === 'any' ? 'any' : new Set([...a, ...b]))
const kinds = (...list: Kind[]): Kinds => new Set(list)

/** The kinds of value a schema can accept; 'any' where it cannot tell (then nothing is assumed invalid). */
export function acceptedKinds(schema: unknown): Kinds {
  const def = defOf(schema)
  switch (def.type) {
    case 'string':
    case 'template_literal':
      return kinds('string')
    case 'number':
    case 'nan':
      return kinds('number')
    case 'bigint':
    case 'boolean':
    case 'null':
    case 'undefined':
      return kinds(def.type)
    case 'void':
      return kinds('undefined')
    case 'literal':
      return new Set((def.values as unknown[]).map(kindOf))
    case 'enum':
      return new Set(Object.values(def.entries as Record<string, unknown>).map(kindOf))
    case 'object':
    case 'record':
      return kinds('object')
    case 'array':
    case 'tuple':
      return kinds('array')
    case 'optional':
    case 'default':
    case 'prefault':
      return union(acceptedKinds(def.innerType), kinds('undefined'))
    case 'nullable':
      return union(acceptedKinds(def.innerType), kinds('null'))
    case 'readonly':
      return acceptedKinds(def.innerType)
    case 'pipe':
      return acceptedKinds(def.in)
    case 'union':
      return (def.options as unknown[]).map(acceptedKinds).reduce(union, new Set<Kind>())
    default:
      return 'any'
  }
}

/** A schema without its optional / nullable / readonly / pipe wrappers: what a present value must pass. */
function unwrap(schema: unknown): unknown {
  const def = defOf(schema)
  if (['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)) return unwrap(def.innerType)
  if (def.type === 'pipe') return unwrap(def.in)
  return schema
}

const HUGE = 'x'.repeat(100_001)
/** Hostile values of each kind (all structured-cloneable, as anything postMessage carries is). */
const POOL: Record<Kind, readonly unknown[]> = {
  string: [
    '',
    HUGE,
    '__proto__',
    'constructor',
    'a\u0000b',
    '<script>alert(1)</script>',
    '\u202eevil',
    'javascript:alert(1)',
    '💥'.repeat(50),
  ],
  number: [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 60, Number.MAX_VALUE],
  bigint: [1n, -(2n ** 70n)],
  boolean: [true, false],
  null: [null],
  undefined: [undefined],
  array: [[], [null], Array.from({ length: 1001 }, () => 'x'), [[[[[]]]]]],
  object: [{}, JSON.parse('{"__proto__":{"polluted":true}}'), { constructor: { prototype: { polluted: true } } }, { toString: 'x' }],
}
const ALL_KINDS = Object.keys(POOL) as Kind[]

/** A value of a kind the schema does not accept, or undefined when it accepts every kind. */
export function wrongKindValue(schema: unknown, rng: Rng): { value: unknown } | undefined {
  const accepted = acceptedKinds(schema)
  if (accepted === 'any') return undefined
  const wrong = ALL_KINDS.filter((kind) => !accepted.has(kind))
  return wrong.length ? { value: rng.pick(POOL[rng.pick(wrong)]) } : undefined
}

/** Right-kind values that break a bound, pattern or value set of the (unwrapped) schema. */
export function outOfBoundsValues(schema: unknown, sample: unknown): unknown[] {
  const def = defOf(unwrap(schema))
  const checks = checksOf(def)
  const out: unknown[] = []
  if (def.type === 'string') {
    for (const check of checks) {
      if (check.check === 'max_length' && check.maximum !== undefined) out.push('x'.repeat(check.maximum + 1))
      if (check.check === 'min_length' && check.minimum !== undefined && check.minimum > 0) out.push('')
      if (check.check === 'string_format' && check.format === 'regex' && check.pattern) {
        const pattern = new RegExp(check.pattern.source, check.pattern.flags.replace(/[gy]/g, ''))
        out.push(...[...POOL.string, `${String(sample)} `, `${String(sample)}\n`].filter((s) => typeof s === 'string' && !pattern.test(s)))
      }
    }
  }
  if (def.type === 'number') {
    out.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)
    for (const check of checks) {
      if (check.check === 'number_format' || def.format === 'safeint') out.push(1.5)
      if (check.check === 'greater_than' && check.value !== undefined) out.push(check.inclusive ? check.value - 1 : check.value)
      if (check.check === 'less_than' && check.value !== undefined) out.push(check.inclusive ? check.value + 1 : check.value)
    }
    if (def.format === 'safeint') out.push(1.5, 2 ** 60)
  }
  if (def.type === 'enum' || def.type === 'literal') {
    const allowed = def.type === 'enum' ? Object.values(def.entries as Record<string, unknown>) : (def.values as unknown[])
    out.push(...['__proto__', 'constructor', `${String(sample)} `, String(sample).toUpperCase() + 'X'].filter((v) => !allowed.includes(v)))
  }
  if (def.type === 'array' && Array.isArray(sample)) {
    for (const check of checks) {
      if (check.check === 'max_length' && check.maximum !== undefined && sample.length > 0) {
        out.push(Array.from({ length: check.maximum + 1 }, () => sample[0]))
      }
      if (check.check === 'min_length' && check.minimum !== undefined && check.minimum > 0) out.push([])
    }
  }
  return out
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return kindOf(value) === 'object'
}

/** Keys of an object schema that must be present (their schema refuses undefined). */
export function requiredKeys(schema: unknown): string[] {
  const def = defOf(unwrap(schema))
  if (def.type !== 'object') return []
  return Object.entries(def.shape as Record<string, unknown>)
    .filter(([, field]) => {
      const accepted = acceptedKinds(field)
      return accepted !== 'any' && !accepted.has('undefined')
    })
    .map(([key]) => key)
}

/** The option of a discriminated union that `sample` selects (zod then checks only that one). */
function selectedOption(def: Def, sample: unknown): unknown {
  const key = def.discriminator as string | undefined
  if (!key || !isPlainObject(sample)) return undefined
  return (def.options as unknown[]).find((option) => {
    const field = (defOf(unwrap(option)).shape as Record<string, unknown> | undefined)?.[key]
    return field !== undefined && defOf(field).type === 'literal' && (defOf(field).values as unknown[]).includes(sample[key])
  })
}

/**
 * One malformed value: `sample` (which `schema` accepts) with one thing broken somewhere inside:
 * a required key removed, a value of the wrong kind, or a bound, pattern or enum broken. Undefined
 * when the schema accepts anything (z.unknown()).
 */
export function mutate(schema: unknown, sample: unknown, rng: Rng): { value: unknown } | undefined {
  const inner = unwrap(schema)
  const def = defOf(inner)
  const target = def.type === 'union' ? selectedOption(def, sample) : def.type === 'object' ? inner : undefined
  if (target !== undefined && isPlainObject(sample) && rng.chance(0.7)) {
    const shape = defOf(unwrap(target)).shape as Record<string, unknown>
    const required = requiredKeys(target)
    if (required.length && rng.chance(0.25)) {
      const { [rng.pick(required)]: _removed, ...rest } = sample
      return { value: rest }
    }
    const keys = Object.keys(shape).filter((key) => acceptedKinds(shape[key]) !== 'any')
    if (keys.length) {
      const key = rng.pick(keys)
      const nested = sample[key] === undefined ? leaf(shape[key], undefined, rng) : mutate(shape[key], sample[key], rng)
      if (nested) return { value: { ...sample, [key]: nested.value } }
    }
  }
  return leaf(schema, sample, rng)
}

function leaf(schema: unknown, sample: unknown, rng: Rng): { value: unknown } | undefined {
  const bounds = sample === undefined ? [] : outOfBoundsValues(schema, sample)
  if (bounds.length && rng.chance(0.5)) return { value: rng.pick(bounds) }
  return wrongKindValue(schema, rng)
}
