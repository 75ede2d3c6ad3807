/**
 * Tiny validators for the host SDK, which has a 10 kB gzip budget that zod alone (6 kB for one
 * object schema) would break. The zod schemas stay the source of the types; every lite check is
 * tested to accept exactly what its zod twin accepts (lite.conformance.test.ts).
 */
export type Guard = (value: unknown) => boolean

export interface Check<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; data?: undefined }
}

/** A lite check per method of a zod method map. */
export type Checks<M> = { [K in keyof M]: Check<unknown> }

export const check = <T>(guard: Guard): Check<T> => ({
  safeParse: (value) => (guard(value) ? { success: true, data: value as T } : { success: false }),
})

export const unknown: Guard = () => true
/** Any value, but the key must be there (zod 4 objects treat unknown fields as required keys). */
export const present: Guard = Object.assign(() => true, { requiresKey: true })
export const undef: Guard = (v) => v === undefined
export const boolean: Guard = (v) => typeof v === 'boolean'
export const number: Guard = (v) => typeof v === 'number' && Number.isFinite(v)
/** A safe integer in [min, max], as zod's `z.int()` with `minimum` / `maximum`. */
export const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Guard =>
  (v) =>
    Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max
export const literal =
  (expected: unknown): Guard =>
  (v) =>
    v === expected
export const oneOf =
  (values: readonly unknown[]): Guard =>
  (v) =>
    values.includes(v)
export const string =
  (max: number, pattern?: RegExp, min = 0): Guard =>
  (v) =>
    typeof v === 'string' && v.length >= min && v.length <= max && (!pattern || pattern.test(v))
/** Bytes as structured clone carries them, with a bounded length. */
export const bytes =
  (max: number, min = 1): Guard =>
  (v) =>
    v instanceof Uint8Array && v.length >= min && v.length <= max
export const optional =
  (guard: Guard): Guard =>
  (v) =>
    v === undefined || guard(v)
export const nullable =
  (guard: Guard): Guard =>
  (v) =>
    v === null || guard(v)
export const union =
  (...guards: Guard[]): Guard =>
  (v) =>
    guards.some((guard) => guard(v))
export const array =
  (item: Guard, max: number): Guard =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every(item)
/** As zod's records: a plain object (a typed array, Map or Date is an object, but not a record). */
export const record =
  (value: Guard): Guard =>
  (v) =>
    isObject(v) && isPlain(v) && Object.values(v).every(value)
export const object =
  (shape: Record<string, Guard>): Guard =>
  (v) =>
    isObject(v) &&
    Object.entries(shape).every(([key, guard]) => (!('requiresKey' in guard) || key in v) && guard((v as Record<string, unknown>)[key]))

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isPlain(v: object): boolean {
  const ctor = (v as { constructor?: unknown }).constructor
  return typeof ctor !== 'function' || Object.hasOwn(Object(ctor.prototype), 'isPrototypeOf')
}
