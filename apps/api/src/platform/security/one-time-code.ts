import type { Database } from '../db/database'
import { sameDigest } from './tokens'

/** The tables that hold mailed one-time codes: the secure origin's and the key service's (each in its own database). */
export type OneTimeCodeTable = 'secure_otp_codes' | 'ks_codes'

/** What a check needs of a stored code. */
export interface StoredCode {
  id: string
  codeHash: string
  expiresAt: Date
  tries: number
}

export type CodeCheck<S> =
  | { ok: true; code: S }
  | { ok: false; reason: 'noCode' | 'overTried' | 'expired' | 'used' }
  | { ok: false; reason: 'wrong'; triesLeft: number }

/**
 * Checks what the user typed (`typedHash`: its hash for that code) against the newest live code: a wrong one
 * counts as a try, a right one is used up, so that one code opens one thing and five wrong ones
 * kill it. Both counters are conditional updates: two requests racing cannot both pass.
 */
export async function checkOneTimeCode<S extends StoredCode>(
  db: Database,
  table: OneTimeCodeTable,
  stored: S | undefined,
  typedHash: (code: S) => string,
  options: { maxTries: number; now: number },
): Promise<CodeCheck<S>> {
  const { maxTries, now } = options
  if (!stored) return { ok: false, reason: 'noCode' }
  if (stored.tries >= maxTries) return { ok: false, reason: 'overTried' }
  if (stored.expiresAt.getTime() <= now) return { ok: false, reason: 'expired' }
  if (!sameDigest(typedHash(stored), stored.codeHash)) {
    const { rows } = await db.query<{ tries: number }>(
      `UPDATE ${table} SET tries = tries + 1 WHERE id = $1 AND tries < $2 AND used_at IS NULL RETURNING tries`,
      [stored.id, maxTries],
    )
    // Undefined when the code was dead or used meanwhile.
    const tries = rows[0]?.tries
    const triesLeft = tries === undefined ? 0 : maxTries - tries
    return triesLeft > 0 ? { ok: false, reason: 'wrong', triesLeft } : { ok: false, reason: 'overTried' }
  }
  const { rows } = await db.query<{ id: string }>(
    `UPDATE ${table} SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND tries < $3 RETURNING id`,
    [stored.id, new Date(now), maxTries],
  )
  return rows.length === 1 ? { ok: true, code: stored } : { ok: false, reason: 'used' }
}
