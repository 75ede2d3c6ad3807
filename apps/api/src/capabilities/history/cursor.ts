import * as z from 'zod'

/**
 * Opaque paging cursors: base64url of a small JSON keyset, the position of the last entry returned.
 * Keyset paging (`WHERE (key) < (cursor) ORDER BY key DESC`) is stable under new inserts: entries
 * indexed after the first page are newer, sort before the cursor, and never shift later pages.
 *
 * - `t` (chain transactions): minedAt (ISO), chain (CAIP-2), block number, transaction index.
 * - `o` (on-ramp purchases): createdAt (ISO), purchase id.
 */
export type Cursor =
  { kind: 't'; minedAt: string; chain: string; block: string; txIndex: number } | { kind: 'o'; createdAt: string; id: string }

const Iso = z.iso.datetime({ offset: true })
const MAX_BIGINT = 2n ** 63n - 1n
const Wire = z.discriminatedUnion('k', [
  z.object({
    v: z.literal(1),
    k: z.literal('t'),
    m: Iso,
    c: z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/),
    // A Postgres bigint: a larger number would fail in the query (a 500) instead of here (a 400).
    b: z
      .string()
      .regex(/^\d{1,19}$/)
      .refine((b) => BigInt(b) <= MAX_BIGINT),
    i: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  }),
  z.object({ v: z.literal(1), k: z.literal('o'), t: Iso, id: z.string().regex(/^[-a-zA-Z0-9_]{1,64}$/) }),
])

export function encodeCursor(cursor: Cursor): string {
  const wire =
    cursor.kind === 't'
      ? { v: 1, k: 't', m: cursor.minedAt, c: cursor.chain, b: cursor.block, i: cursor.txIndex }
      : { v: 1, k: 'o', t: cursor.createdAt, id: cursor.id }
  return Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url')
}

/** The cursor, or undefined for anything this API did not issue. */
export function decodeCursor(value: string): Cursor | undefined {
  if (value.length === 0 || value.length > 512 || !/^[A-Za-z0-9_-]+$/.test(value)) return undefined
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  const parsed = Wire.safeParse(json)
  if (!parsed.success) return undefined
  const w = parsed.data
  return w.k === 't' ? { kind: 't', minedAt: w.m, chain: w.c, block: w.b, txIndex: w.i } : { kind: 'o', createdAt: w.t, id: w.id }
}
