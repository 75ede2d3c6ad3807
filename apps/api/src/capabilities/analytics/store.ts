import * as z from 'zod'
import type { Database } from '../../platform/db/database'
import { runPeriodically, type PeriodicTask } from '../../platform/db/periodic'
import type { AnalyticsEvent } from './events'

/** Storage of analytics events (migration 004) and of the per-project quota (migration 025). */

export const AnalyticsLimits = z.object({
  /** Events a project may send per window (beyond: 429). */
  eventsPerWindow: z.number().int().positive(),
  /** The quota's fixed window, in ms. */
  windowMs: z.number().int().min(1000),
  /** Events received longer ago than this are deleted. */
  retentionDays: z.number().positive(),
})
export type AnalyticsLimits = z.infer<typeof AnalyticsLimits>

/** 10,000 events an hour per project is a busy dapp's traffic; 90 days is a quarter to compare. */
export const DEFAULT_ANALYTICS_LIMITS: Readonly<AnalyticsLimits> = Object.freeze({
  eventsPerWindow: 10_000,
  windowMs: 60 * 60_000,
  retentionDays: 90,
})

const DAY_MS = 24 * 60 * 60_000
/** How often retention runs (it also runs at start). */
export const RETENTION_INTERVAL_MS = 60 * 60_000

/**
 * Counts one event against the project's quota in the window `now` falls in; the wait in ms until
 * that window ends when the count is past `limits.eventsPerWindow`, else 0. One upsert, so servers
 * sharing the database share the count.
 */
export async function spendQuota(db: Database, projectId: string, limits: AnalyticsLimits, now: number): Promise<number> {
  const windowStart = Math.floor(now / limits.windowMs) * limits.windowMs
  const { rows } = await db.query<{ events: number }>(
    `INSERT INTO analytics_quota (project_id, window_start, events) VALUES ($1, $2, 1)
     ON CONFLICT (project_id, window_start) DO UPDATE SET events = analytics_quota.events + 1
     RETURNING events`,
    [projectId, new Date(windowStart).toISOString()],
  )
  return rows[0]!.events > limits.eventsPerWindow ? windowStart + limits.windowMs - now : 0
}

/** Stores an event; false when its id was stored before (a resend). */
export async function insertEvent(
  db: Database,
  event: AnalyticsEvent,
  meta: { projectId: string; sdkType: string | null; sdkVersion: string | null; receivedAt: number },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO analytics_events (event_id, project_id, event, url, domain, address, properties, sdk_type, sdk_version, occurred_at, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [
      event.eventId,
      meta.projectId,
      event.props.event,
      event.url,
      event.domain,
      event.props.address ?? null,
      JSON.stringify(event.props.properties ?? {}),
      meta.sdkType,
      meta.sdkVersion,
      new Date(event.timestamp).toISOString(),
      new Date(meta.receivedAt).toISOString(),
    ],
  )
  return rows.length === 1
}

/** Deletes events received more than `retentionDays` before `now`, and the quota counts of past windows. */
export async function purgeAnalytics(db: Database, limits: AnalyticsLimits, now: number): Promise<{ events: number }> {
  const { rows } = await db.query<{ events: number }>(
    `WITH gone AS (DELETE FROM analytics_events WHERE received_at < $1 RETURNING 1) SELECT count(*)::int AS events FROM gone`,
    [new Date(now - limits.retentionDays * DAY_MS).toISOString()],
  )
  await db.query(`DELETE FROM analytics_quota WHERE window_start <= $1`, [new Date(now - limits.windowMs).toISOString()])
  return { events: rows[0]!.events }
}

/** Retention at start and every hour. */
export function startAnalyticsRetention(db: Database, limits: AnalyticsLimits, now: () => number): PeriodicTask {
  return runPeriodically('analytics retention', RETENTION_INTERVAL_MS, () => purgeAnalytics(db, limits, now()))
}
