import { describe, expect, it } from 'vitest'
import { openDatabase } from './open'

describe('openDatabase (PGlite in memory)', () => {
  it('applies the migrations once and answers queries with parameters', async () => {
    const db = await openDatabase()
    const versions = (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows
    expect(versions[0]?.version).toBe('001_init')
    await db.query('INSERT INTO api_settings (key, value) VALUES ($1, $2)', ['k', JSON.stringify({ a: 1 })])
    expect((await db.query<{ value: unknown }>('SELECT value FROM api_settings WHERE key = $1', ['k'])).rows).toEqual([{ value: { a: 1 } }])
    await db.close()
  })

  it('rolls a failed transaction back', async () => {
    const db = await openDatabase()
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO api_settings (key, value) VALUES ($1, $2)', ['gone', '1'])
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect((await db.query('SELECT * FROM api_settings WHERE key = $1', ['gone'])).rows).toEqual([])
    await db.close()
  })
})
