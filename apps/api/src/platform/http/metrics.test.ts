import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createMetrics, metricsMiddleware } from './metrics'

describe('Prometheus metrics', () => {
  it('counts requests, errors and latency under the route pattern, never the concrete path', async () => {
    const metrics = createMetrics()
    const app = new Hono()
    app.use('*', metricsMiddleware(metrics, 'api'))
    app.get('/v1/balance/:address', (c) => c.json({ balances: [] }))
    app.get('/v1/boom', () => {
      throw new Error('boom')
    })
    app.onError((_error, c) => c.json({ error: 'Internal Server Error' }, 500))
    await app.request('/v1/balance/0xaaaa')
    await app.request('/v1/balance/0xbbbb')
    await app.request('/v1/boom')
    const text = metrics.render()
    expect(text).toContain('airlock_http_requests_total{service="api",method="GET",route="/v1/balance/:address",status="200"} 2')
    expect(text).not.toContain('0xaaaa')
    expect(text).toContain('airlock_http_request_errors_total{service="api",method="GET",route="/v1/boom",status="500"} 1')
    expect(text).not.toMatch(/airlock_http_request_errors_total\{[^}]*balance/)
    expect(text).toContain('airlock_http_request_duration_seconds_count{service="api",method="GET",route="/v1/balance/:address"} 2')
    expect(text).toContain(
      'airlock_http_request_duration_seconds_bucket{service="api",method="GET",route="/v1/balance/:address",le="+Inf"} 2',
    )
    // Buckets are cumulative: each holds at least what the one below it holds.
    const counts = [...text.matchAll(/_bucket\{[^}]*route="\/v1\/balance\/:address",le="[^"]+"\} (\d+)/g)].map((m) => Number(m[1]))
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
  })

  it('reads gauges when scraped and escapes label values', () => {
    const metrics = createMetrics()
    let lag = 3
    metrics.gauge('airlock_indexer_lag_blocks', 'Lag.', () => [{ labels: { chain: 'eip155:1"\n' }, value: lag }])
    expect(metrics.render()).toContain('airlock_indexer_lag_blocks{chain="eip155:1\\"\\n"} 3')
    lag = 0
    expect(metrics.render()).toContain('airlock_indexer_lag_blocks{chain="eip155:1\\"\\n"} 0')
  })
})
