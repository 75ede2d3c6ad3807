import { randomUUID } from 'node:crypto'
import { analyticsEvent, AnalyticsStoredResponse } from '@airlock/protocol'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../api/project-guard'
import { createTestContext, reason, send, T0, type TestContext } from '../identity/testing/harness'
import { EVENT_NAME, KNOWN_EVENTS } from './events'
import { analyticsRoutes } from './routes'

let ctx: TestContext
let app: Hono<{ Variables: ApiVariables }>

const event = (overrides: Record<string, unknown> = {}, props: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  url: 'http://dapp.localhost:4400/swap?x=1',
  domain: 'dapp.localhost',
  timestamp: T0 - 5000,
  props: { type: 'track', event: 'SWITCH_NETWORK', properties: { network: 'eip155:31337' }, ...props },
  ...overrides,
})

const post = (body: unknown, options: { projectId?: string; rawBody?: string; contentType?: string } = {}) =>
  send(app, 'POST', '/e', body, options)
const stored = async () =>
  (
    await ctx.db.query<{ event_id: string; project_id: string; event: string }>(
      'SELECT event_id, project_id, event FROM analytics_events ORDER BY received_at',
    )
  ).rows

beforeAll(async () => {
  ctx = await createTestContext()
  app = ctx.mount(analyticsRoutes(ctx.deps), '/')
}, 60_000)
afterAll(() => ctx.close())
beforeEach(async () => {
  ctx.clock.now = T0
  await ctx.db.query('TRUNCATE analytics_events')
})

describe('POST /e', () => {
  it('stores an event of a project with analytics on, with its sdk and times', async () => {
    const body = event({}, { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    const reply = await post(body)
    expect([reply.status, reply.body]).toEqual([202, { stored: true }])
    const rows = await ctx.db.query('SELECT * FROM analytics_events')
    expect(rows.rows).toEqual([
      {
        event_id: body.eventId,
        project_id: 'demo',
        event: 'SWITCH_NETWORK',
        url: body.url,
        domain: 'dapp.localhost',
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        properties: { network: 'eip155:31337' },
        sdk_type: 'appkit',
        sdk_version: 'html-test-1.0.0',
        occurred_at: new Date(T0 - 5000),
        received_at: new Date(T0),
      },
    ])
  })

  it("stores the event the widget builds (@airlock/protocol's analyticsEvent) and answers what the widget parses", async () => {
    const body = analyticsEvent('http://dapp.localhost:4400/', 'SWAP_SUCCESS', {
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      properties: { network: 'eip155:31337' },
      timestamp: T0 - 1000,
    })
    const reply = await post(body)
    expect(reply.status).toBe(202)
    expect(AnalyticsStoredResponse.parse(reply.body)).toEqual({ stored: true })
    expect((await stored()).map((row) => row.event)).toEqual(['SWAP_SUCCESS'])
  })

  it('ignores a repeated eventId (idempotent)', async () => {
    const body = event()
    expect((await post(body)).body).toEqual({ stored: true })
    const again = await post({ ...body, props: { type: 'track', event: 'MODAL_OPEN' } })
    expect([again.status, again.body]).toEqual([202, { stored: false }])
    expect(await stored()).toEqual([{ event_id: body.eventId, project_id: 'demo', event: 'SWITCH_NETWORK' }])
  })

  it('keeps nothing for a project with analytics off, still 202', async () => {
    const reply = await post(event(), { projectId: 'quiet' })
    expect([reply.status, reply.body]).toEqual([202, { stored: false }])
    expect(await stored()).toEqual([])
  })

  it('reads a sendBeacon text/plain body, and takes any UPPER_SNAKE event name', async () => {
    const body = event({}, { event: 'CUSTOM_THING_2', properties: undefined })
    const reply = await post(undefined, { rawBody: JSON.stringify(body), contentType: 'text/plain;charset=UTF-8' })
    expect(reply.body).toEqual({ stored: true })
    expect(await stored()).toMatchObject([{ event: 'CUSTOM_THING_2' }])
    expect(KNOWN_EVENTS.every((name) => EVENT_NAME.test(name))).toBe(true)
    expect(KNOWN_EVENTS).toContain('DISCONNECT_ERROR')
  })

  it('refuses invalid events with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [event({}, { event: 'modal_open' }), 'props.event'],
      [event({}, { event: `A${'B'.repeat(64)}` }), 'props.event'],
      [event({}, { event: '' }), 'props.event'],
      [event({}, { type: 'page' }), 'props.type'],
      [event({}, { properties: { blob: 'x'.repeat(4 * 1024) } }), 'props.properties'],
      [event({}, { properties: ['a'] }), 'props.properties'],
      [event({}, { address: 'a'.repeat(129) }), 'props.address'],
      [event({ eventId: 'not-a-uuid' }), 'eventId'],
      [event({ eventId: undefined }), 'eventId'],
      [event({ url: 'not a url' }), 'url'],
      [event({ timestamp: Math.floor(T0 / 1000) }), 'timestamp'],
      [event({ timestamp: T0 + 25 * 3600 * 1000 }), 'timestamp'],
      [event({ props: undefined }), 'props'],
    ]
    for (const [body, field] of cases) {
      const reply = await post(body)
      expect(reply.status, field).toBe(400)
      expect(reply.body, field).toMatchObject({
        status: 400,
        reasons: [expect.objectContaining({ description: expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}: `)) })],
      })
    }
    const props = await post(event({}, { properties: { blob: 'x'.repeat(4 * 1024) } }))
    expect(reason(props)).toBe('props.properties: must be at most 4096 bytes of JSON')
    const notJson = await post(undefined, { rawBody: 'eventId=1' })
    expect([notJson.status, reason(notJson)]).toEqual([400, 'Request body must be JSON'])
    expect(await stored()).toEqual([])
  })

  it('accepts properties up to 4 KB', async () => {
    const properties = { blob: 'x'.repeat(4096 - JSON.stringify({ blob: '' }).length) }
    expect((await post(event({}, { properties }))).body).toEqual({ stored: true })
  })

  it('refuses a body over 16 KiB with 413', async () => {
    const reply = await post({ ...event(), padding: 'x'.repeat(17 * 1024) })
    expect(reply.status).toBe(413)
    expect(reason(reply)).toBe('Request body is larger than 16 KiB')
  })

  it('answers 401 when mounted without the project guard', async () => {
    const bare = new Hono<{ Variables: ApiVariables }>().route('/', analyticsRoutes(ctx.deps))
    const res = await bare.request('/e', { method: 'POST', body: JSON.stringify(event()) })
    expect(res.status).toBe(401)
    expect(await stored()).toEqual([])
  })
})
