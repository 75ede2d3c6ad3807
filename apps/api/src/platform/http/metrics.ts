import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'

/** Seconds: a cached answer takes milliseconds, an upstream RPC call up to its 10 s timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const

export interface GaugeSample {
  labels: Record<string, string>
  value: number
}

/**
 * The Prometheus metrics of one process, in the text exposition format: requests, errors and
 * latency per route (the route's pattern, never its concrete path, so the label set stays
 * bounded), plus gauges read when scraped (the history indexer's lag).
 */
export interface Metrics {
  request(sample: { service: string; method: string; route: string; status: number; seconds: number }): void
  gauge(name: string, help: string, read: () => readonly GaugeSample[]): void
  render(): string
}

interface Series {
  labels: Record<string, string>
  count: number
  sum: number
  buckets: number[]
}

export function createMetrics(): Metrics {
  const requests = new Map<string, { labels: Record<string, string>; value: number }>()
  const latency = new Map<string, Series>()
  const gauges: { name: string; help: string; read: () => readonly GaugeSample[] }[] = []
  return {
    request({ service, method, route, status, seconds }) {
      const counted = { service, method, route, status: String(status) }
      const key = JSON.stringify(counted)
      const entry = requests.get(key) ?? { labels: counted, value: 0 }
      entry.value++
      requests.set(key, entry)
      const timed = { service, method, route }
      const timedKey = JSON.stringify(timed)
      const series = latency.get(timedKey) ?? { labels: timed, count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) }
      series.count++
      series.sum += seconds
      LATENCY_BUCKETS.forEach((bound, i) => {
        if (seconds <= bound) series.buckets[i]!++
      })
      latency.set(timedKey, series)
    },
    gauge(name, help, read) {
      gauges.push({ name, help, read })
    },
    render() {
      const lines: string[] = []
      lines.push('# HELP airlock_http_requests_total HTTP requests answered, by route and status.')
      lines.push('# TYPE airlock_http_requests_total counter')
      for (const { labels, value } of requests.values()) lines.push(`airlock_http_requests_total${labelText(labels)} ${value}`)
      lines.push('# HELP airlock_http_request_errors_total HTTP requests answered with a 5xx status, by route.')
      lines.push('# TYPE airlock_http_request_errors_total counter')
      for (const { labels, value } of requests.values()) {
        if (Number(labels.status) >= 500) lines.push(`airlock_http_request_errors_total${labelText(labels)} ${value}`)
      }
      lines.push('# HELP airlock_http_request_duration_seconds Time to answer, by route.')
      lines.push('# TYPE airlock_http_request_duration_seconds histogram')
      for (const series of latency.values()) {
        LATENCY_BUCKETS.forEach((bound, i) =>
          lines.push(
            `airlock_http_request_duration_seconds_bucket${labelText({ ...series.labels, le: String(bound) })} ${series.buckets[i]}`,
          ),
        )
        lines.push(`airlock_http_request_duration_seconds_bucket${labelText({ ...series.labels, le: '+Inf' })} ${series.count}`)
        lines.push(`airlock_http_request_duration_seconds_sum${labelText(series.labels)} ${series.sum}`)
        lines.push(`airlock_http_request_duration_seconds_count${labelText(series.labels)} ${series.count}`)
      }
      for (const gauge of gauges) {
        lines.push(`# HELP ${gauge.name} ${gauge.help}`)
        lines.push(`# TYPE ${gauge.name} gauge`)
        for (const sample of gauge.read()) lines.push(`${gauge.name}${labelText(sample.labels)} ${sample.value}`)
      }
      return `${lines.join('\n')}\n`
    },
  }
}

function labelText(labels: Record<string, string>): string {
  const pairs = Object.entries(labels).map(
    ([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`,
  )
  return pairs.length ? `{${pairs.join(',')}}` : ''
}

/** Counts each answer of a Hono app under the pattern of the route that answered it. */
export function metricsMiddleware(metrics: Metrics, service: string): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    metrics.request({
      service,
      method: c.req.method,
      route: routePath(c) || 'unmatched',
      status: c.res.status,
      seconds: (performance.now() - started) / 1000,
    })
  }
}
