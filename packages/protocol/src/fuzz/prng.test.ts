import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { DEFAULT_FUZZ_SEED, createRng, fuzzSeed } from './prng'
import { acceptedKinds, mutate, outOfBoundsValues, requiredKeys } from './mutate'

describe('createRng', () => {
  it('gives the same sequence for the same seed, another for another seed or fork', () => {
    const draw = (rng: ReturnType<typeof createRng>) => Array.from({ length: 5 }, () => rng.int(1000))
    expect(draw(createRng(7))).toEqual(draw(createRng(7)))
    expect(draw(createRng(7))).not.toEqual(draw(createRng(8)))
    expect(draw(createRng(7).fork('a'))).not.toEqual(draw(createRng(7).fork('b')))
  })

  it('stays in range and reaches every value', () => {
    const rng = createRng(1)
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(10)))
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })
})

describe('fuzzSeed', () => {
  it('reads AIRLOCK_FUZZ_SEED (decimal or hex), defaults when unset, refuses junk', () => {
    expect(fuzzSeed({})).toBe(DEFAULT_FUZZ_SEED)
    expect(fuzzSeed({ AIRLOCK_FUZZ_SEED: '42' })).toBe(42)
    expect(fuzzSeed({ AIRLOCK_FUZZ_SEED: '0x10' })).toBe(16)
    expect(() => fuzzSeed({ AIRLOCK_FUZZ_SEED: 'abc' })).toThrow(/AIRLOCK_FUZZ_SEED/)
  })
})

describe('mutate', () => {
  const schema = z.object({
    name: z.string().check(z.minLength(1), z.maxLength(5), z.regex(/^[a-z]+$/)),
    age: z.optional(z.int().check(z.positive())),
    tag: z.enum(['a', 'b']),
    any: z.unknown(),
  })
  const sample = { name: 'ada', age: 3, tag: 'a', any: 1 }

  it('reads kinds, required keys and bounds from the schema definition', () => {
    expect(acceptedKinds(schema.shape.age)).toEqual(new Set(['number', 'undefined']))
    expect(acceptedKinds(schema.shape.any)).toBe('any')
    expect(requiredKeys(schema)).toEqual(['name', 'tag'])
    expect(outOfBoundsValues(schema.shape.name, 'ada')).toEqual(expect.arrayContaining(['xxxxxx', '', 'ada ']))
    expect(outOfBoundsValues(schema.shape.age, 3)).toEqual(expect.arrayContaining([1.5, 0, Number.NaN]))
  })

  it('always makes a value the schema refuses, and leaves z.unknown() alone', () => {
    const rng = createRng(3)
    for (let i = 0; i < 300; i++) {
      const mutated = mutate(schema, sample, rng)
      expect(mutated).toBeDefined()
      expect(schema.safeParse(mutated!.value).success).toBe(false)
    }
    expect(mutate(z.unknown(), 1, rng)).toBeUndefined()
  })
})
