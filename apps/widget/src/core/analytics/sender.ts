import { analyticsEvent, AnalyticsConfigResponse, AnalyticsStoredResponse } from '@airlock/protocol'
import { DataApiError, type DataApi } from '../http/dataApi'

/**
 * SPEC section 7 analytics: events go to `POST /e` when the dapp leaves `features.analytics` on
 * (the default) and the project keeps analytics (`GET /getAnalyticsConfig`, asked once per page,
 * on the first event). A 403 from either means the dapp's origin is not one of the project's:
 * 'Invalid App Configuration' is shown once (SPEC section 8) and nothing more is sent. Other
 * failures are dropped quietly: analytics never gets in the user's way.
 */
export interface AnalyticsSender {
  send(event: string, properties?: Record<string, unknown>): void
}

export interface AnalyticsDeps {
  dataApi: DataApi
  /** The dapp page the modal runs on: the widget knows its origin, not its path. */
  pageUrl: string
  enabled: () => boolean
  address: () => string | undefined
  onInvalidAppConfiguration: () => void
}

export function createAnalyticsSender(deps: AnalyticsDeps): AnalyticsSender {
  let projectEnabled: Promise<boolean> | undefined
  let refused = false

  const refuse = (error: unknown) => {
    if (!(error instanceof DataApiError) || error.status !== 403 || refused) return
    refused = true
    deps.onInvalidAppConfiguration()
  }

  const projectKeepsAnalytics = () =>
    (projectEnabled ??= deps.dataApi.get('/getAnalyticsConfig', {}, AnalyticsConfigResponse, 'Analytics config').then(
      (config) => config.isAnalyticsEnabled,
      (error: unknown) => {
        refuse(error)
        return false
      },
    ))

  return {
    send(event, properties) {
      if (refused || !deps.enabled()) return
      const body = analyticsEvent(deps.pageUrl, event, { address: deps.address(), properties })
      void projectKeepsAnalytics().then((enabled) => {
        if (enabled && !refused) deps.dataApi.post('/e', body, AnalyticsStoredResponse, 'Analytics').catch(refuse)
      })
    },
  }
}
