import type { EndpointDoc } from '../openapi/document'
import { AnalyticsEventBody } from './events'
import { AnalyticsResponse } from './routes'

export { analyticsRoutes } from './routes'
export { AnalyticsEventBody, KNOWN_EVENTS, EVENT_NAME, type AnalyticsEvent } from './events'

export const ANALYTICS_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'post',
    path: '/e',
    summary: 'Analytics event; stored only when the project has analytics on; a repeated eventId is ignored (202)',
    body: AnalyticsEventBody,
    response: AnalyticsResponse,
    status: 202,
  },
]
