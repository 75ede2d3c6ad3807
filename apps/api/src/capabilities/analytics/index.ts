import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { AnalyticsEventBody } from './events'
import { AnalyticsResponse } from './routes'

export { analyticsRoutes } from './routes'
export { AnalyticsLimits, DEFAULT_ANALYTICS_LIMITS, startAnalyticsRetention } from './store'
export { AnalyticsEventBody, KNOWN_EVENTS, type AnalyticsEvent } from './events'

export const ANALYTICS_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'post',
    path: '/e',
    summary:
      "Analytics event; stored only when the project has analytics on; a repeated eventId is ignored (202); 429 with Retry-After past the project's quota",
    body: AnalyticsEventBody,
    response: AnalyticsResponse,
    status: 202,
  },
]
