import { Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../api/project-guard'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../http/errors'
import { BODY_NOT_JSON, BODY_NOT_JSON_MARKER, jsonBodyLimit, readJson } from '../http/json-body'
import { AnalyticsEventBody, MAX_EVENT_BODY_BYTES, MAX_TIMESTAMP_SKEW_MS } from './events'

export const AnalyticsResponse = z.object({ stored: z.boolean() })

/**
 * `POST /e?projectId&st&sv`: analytics ingest (the pulse endpoint, at the API root, not under /v1).
 * It expects the project guard to have run (it reads `c.get('project')`).
 *
 * - 202 `{ stored: true }`: stored (the project has `features.analytics`);
 * - 202 `{ stored: false }`: the project has analytics off (nothing kept), or the eventId was seen
 *   before (idempotent: a resend is not stored twice);
 * - 400 invalid event, 413 body over 16 KiB; 401/403 come from the guard.
 * Always a JSON body: AppKit's FetchUtil.post parses every answer as JSON.
 */
export function analyticsRoutes(deps: ApiDeps): Hono<{ Variables: ApiVariables }> {
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

    const sdk = c.get('sdk') as ApiVariables['sdk'] | undefined
    const { rows } = await deps.db.query(
      `INSERT INTO analytics_events (event_id, project_id, event, url, domain, address, properties, sdk_type, sdk_version, occurred_at, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [
        event.eventId,
        project.id,
        event.props.event,
        event.url,
        event.domain,
        event.props.address ?? null,
        JSON.stringify(event.props.properties ?? {}),
        sdk?.type ?? null,
        sdk?.version ?? null,
        new Date(event.timestamp).toISOString(),
        new Date(now).toISOString(),
      ],
    )
    return c.json({ stored: rows.length === 1 }, 202)
  })
  return route
}
