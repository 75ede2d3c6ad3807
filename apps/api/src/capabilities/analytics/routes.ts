import { Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../../platform/http/errors'
import { BODY_NOT_JSON, BODY_NOT_JSON_MARKER, jsonBodyLimit, readJson } from '../../platform/http/json-body'
import { tooManyRequests } from '../../platform/http/rate-limit'
import { AnalyticsEventBody, MAX_EVENT_BODY_BYTES, MAX_TIMESTAMP_SKEW_MS } from './events'
import { type AnalyticsLimits, DEFAULT_ANALYTICS_LIMITS, insertEvent, spendQuota } from './store'

export const AnalyticsResponse = z.object({ stored: z.boolean() })

export const analyticsQuotaMessage = (seconds: number) =>
  `This project sent more analytics events than its quota: try again in ${seconds} s`

/**
 * `POST /e?projectId&st&sv`: analytics ingest (the pulse endpoint, at the API root, not under /v1).
 * It expects the project guard to have run (it reads `c.get('project')`).
 *
 * - 202 `{ stored: true }`: stored (the project has `features.analytics`);
 * - 202 `{ stored: false }`: the project has analytics off (nothing kept), or the eventId was seen
 *   before (idempotent: a resend is not stored twice);
 * - 400 invalid event (unknown name, properties not a flat record of short scalars), 413 body over
 *   16 KiB, 429 with Retry-After past the project's quota of the window; 401/403 come from the guard.
 * Always a JSON body: AppKit's FetchUtil.post parses every answer as JSON.
 */
export function analyticsRoutes(deps: ApiDeps, limits: AnalyticsLimits = DEFAULT_ANALYTICS_LIMITS): Hono<{ Variables: ApiVariables }> {
  const route = new Hono<{ Variables: ApiVariables }>()
  route.post('/e', jsonBodyLimit(MAX_EVENT_BODY_BYTES), async (c) => {
    const project = c.get('project') as ApiVariables['project'] | undefined
    if (!project) return apiError(c, 401, 'Invalid Project ID')
    const json = await readJson(c)
    if (json === BODY_NOT_JSON_MARKER) return apiError(c, 400, BODY_NOT_JSON)
    const parsed = AnalyticsEventBody.safeParse(json)
    if (!parsed.success) return invalidInput(c, parsed.error)
    const event = parsed.data
    const now = deps.now()
    if (event.timestamp > now + MAX_TIMESTAMP_SKEW_MS) {
      return apiError(c, 400, 'timestamp: is in the future', [{ description: 'timestamp: is in the future', field: 'timestamp' }])
    }
    if (!project.features.analytics) return c.json({ stored: false }, 202)

    const wait = await spendQuota(deps.db, project.id, limits, now)
    if (wait > 0) return tooManyRequests(c, Math.ceil(wait / 1000), analyticsQuotaMessage)
    const sdk = c.get('sdk') as ApiVariables['sdk'] | undefined
    const stored = await insertEvent(deps.db, event, {
      projectId: project.id,
      sdkType: sdk?.type ?? null,
      sdkVersion: sdk?.version ?? null,
      receivedAt: now,
    })
    return c.json({ stored }, 202)
  })
  return route
}
