import * as z from 'zod/mini'

/** `GET /getAnalyticsConfig`: whether the project keeps analytics (SPEC section 7, explorer API). */
export const AnalyticsConfigResponse = z.object({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfigResponse = z.infer<typeof AnalyticsConfigResponse>

/**
 * `POST /e` (SPEC section 7): one analytics event, as AppKit's EventsController sends it. The api
 * checks more (uuid, url, sizes, clock skew) in apps/api/src/capabilities/analytics/events.ts; its test posts
 * events built here.
 */
export const AnalyticsEvent = z.object({
  eventId: z.string(),
  url: z.string(),
  domain: z.string(),
  /** Unix milliseconds. */
  timestamp: z.number(),
  props: z.object({
    type: z.literal('track'),
    event: z.string(),
    address: z.optional(z.string()),
    properties: z.optional(z.record(z.string(), z.unknown())),
  }),
})
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>

/** The event of `name` on the dapp at `pageUrl`; the id is random so that a resend is not stored twice. */
export function analyticsEvent(
  pageUrl: string,
  name: string,
  extra: { address?: string | undefined; properties?: Record<string, unknown> | undefined; timestamp?: number } = {},
): AnalyticsEvent {
  return {
    eventId: crypto.randomUUID(),
    url: pageUrl,
    domain: new URL(pageUrl).hostname,
    timestamp: extra.timestamp ?? Date.now(),
    props: {
      type: 'track',
      event: name,
      ...(extra.address ? { address: extra.address } : {}),
      ...(extra.properties ? { properties: extra.properties } : {}),
    },
  }
}

/** `POST /e` answers 202 `{ stored }` (false when the project keeps no analytics or the id was seen). */
export const AnalyticsStoredResponse = z.object({ stored: z.boolean() })
