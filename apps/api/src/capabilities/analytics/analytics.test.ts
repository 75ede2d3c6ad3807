import { randomUUID } from 'node:crypto'
import { analyticsEvent, AnalyticsStoredResponse } from '@airlock/protocol'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ApiVariables } from '../../platform/projects/request'
import { createTestContext, DEMO_PROJECT, QUIET_PROJECT, reason, send, T0, type TestContext } from '../identity/testing/harness'
import { KNOWN_EVENTS, MAX_PROPERTIES, MAX_PROPERTY_STRING } from './events'
import { analyticsRoutes } from './routes'
import { type AnalyticsLimits, DEFAULT_ANALYTICS_LIMITS, purgeAnalytics, startAnalyticsRetention } from './store'

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

const post = (body: unknown, options: { projectId?: string; rawBody?: string; contentType?: string } = {}, target = app) =>
  send(target, 'POST', '/e', body, options)
const stored = async () =>
  (
    await ctx.db.query<{ event_id: string; project_id: string; event: string }>(
      'SELECT event_id, project_id, event FROM analytics_events ORDER BY received_at',
    )
  ).rows

beforeAll(async () => {
  ctx = await createTestContext({ projects: [DEMO_PROJECT, QUIET_PROJECT, { ...DEMO_PROJECT, id: 'other', name: 'Other' }] })
  app = ctx.mount(analyticsRoutes(ctx.deps), '/')
}, 60_000)
afterAll(() => ctx.close())
beforeEach(async () => {
  ctx.clock.now = T0
  await ctx.db.query('TRUNCATE analytics_events, analytics_quota')
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

  it('reads a sendBeacon text/plain body', async () => {
    const body = event({}, { event: 'MODAL_CLOSE', properties: undefined })
    const reply = await post(undefined, { rawBody: JSON.stringify(body), contentType: 'text/plain;charset=UTF-8' })
    expect(reply.body).toEqual({ stored: true })
    expect(await stored()).toMatchObject([{ event: 'MODAL_CLOSE' }])
  })

  it("takes the SPEC's events and the modal's, and refuses any other name", async () => {
    const spec = ['SWAP_APPROVAL_ERROR', 'SWAP_ERROR', 'SWAP_SUCCESS', 'SIWX_AUTH_ERROR', 'SIWX_AUTH_SUCCESS', 'CLICK_CANCEL_SIWX']
    const modal = ['ERROR_FETCH_TRANSACTIONS', 'SWITCH_NETWORK', 'DISCONNECT_SUCCESS', 'DISCONNECT_ERROR', 'MODAL_OPEN', 'CONNECT_SUCCESS']
    for (const name of [...spec, ...modal]) expect((await post(event({}, { event: name }))).body, name).toEqual({ stored: true })
    for (const name of ['CUSTOM_THING_2', 'DROP_TABLE', 'SWAP_SUCCESS_', 'swap_success']) {
      const reply = await post(event({}, { event: name }))
      expect([reply.status, reason(reply)], name).toEqual([
        400,
        'props.event: must be one of the events the modal sends (SPEC section 7), e.g. SWAP_SUCCESS',
      ])
    }
    expect((await stored()).map((row) => row.event).sort()).toEqual([...spec, ...modal].sort())
    expect(KNOWN_EVENTS).toEqual(expect.arrayContaining([...spec, ...modal]))
  })

  it('refuses invalid events with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [event({}, { event: 'modal_open' }), 'props.event'],
      [event({}, { event: `A${'B'.repeat(64)}` }), 'props.event'],
      [event({}, { event: '' }), 'props.event'],
      [event({}, { type: 'page' }), 'props.type'],
      [event({}, { properties: { blob: 'x'.repeat(MAX_PROPERTY_STRING + 1) } }), 'props.properties.blob'],
      [event({}, { properties: ['a'] }), 'props.properties'],
      [event({}, { properties: { nested: { a: 1 } } }), 'props.properties.nested'],
      [event({}, { properties: { list: [1, 2] } }), 'props.properties.list'],
      [event({}, { properties: { none: null } }), 'props.properties.none'],
      [event({}, { properties: { 'not-a-name': 'x' } }), 'props.properties.not-a-name'],
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
    const props = await post(event({}, { properties: { nested: { a: 1 } } }))
    expect(reason(props)).toBe('props.properties.nested: must be a string of at most 1024 characters, a number or a boolean')
    const notJson = await post(undefined, { rawBody: 'eventId=1' })
    expect([notJson.status, reason(notJson)]).toEqual([400, 'Request body must be JSON'])
    expect(await stored()).toEqual([])
  })

  it('keeps properties a flat record of short scalars: 20 names, 1024 characters a string, 4 KB in all', async () => {
    const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, i % 2 ? i : `v${i}`]))
    const long = (length: number) => ({ message: 'm'.repeat(length), ok: true, amount: 1.5 })
    expect((await post(event({}, { properties: many(MAX_PROPERTIES) }))).body).toEqual({ stored: true })
    expect((await post(event({}, { properties: long(MAX_PROPERTY_STRING) }))).body).toEqual({ stored: true })
    const name = 'n'.repeat(40)
    expect((await post(event({}, { properties: { [name]: 'x' } }))).body).toEqual({ stored: true })

    const tooMany = await post(event({}, { properties: many(MAX_PROPERTIES + 1) }))
    expect([tooMany.status, reason(tooMany)]).toEqual([400, 'props.properties: must have at most 20 properties'])
    const tooLong = await post(event({}, { properties: long(MAX_PROPERTY_STRING + 1) }))
    expect([tooLong.status, reason(tooLong)]).toEqual([400, 'props.properties.message: must be at most 1024 characters'])
    const longName = await post(event({}, { properties: { [`${name}n`]: 'x' } }))
    expect([longName.status, reason(longName)]).toEqual([
      400,
      `props.properties.${name}n: is not a property name: letters, digits and _, at most 40 characters`,
    ])
    const bulky = Object.fromEntries(['a', 'b', 'c', 'd'].map((key) => [key, 'x'.repeat(MAX_PROPERTY_STRING)]))
    const tooBig = await post(event({}, { properties: bulky }))
    expect([tooBig.status, reason(tooBig)]).toEqual([400, 'props.properties: must be at most 4096 bytes of JSON'])
    const nan = await post(undefined, { rawBody: JSON.stringify(event()).replace('"eip155:31337"', '1e999') })
    expect(nan.status).toBe(400)
    expect(await stored()).toHaveLength(3)
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

describe('the per-project quota', () => {
  const limits: AnalyticsLimits = { eventsPerWindow: 3, windowMs: 60_000, retentionDays: 90 }
  let quota: Hono<{ Variables: ApiVariables }>
  beforeAll(() => {
    quota = ctx.mount(analyticsRoutes(ctx.deps, limits), '/')
  })

  it('answers 429 with Retry-After beyond the quota, stores nothing more, and lets the next window in', async () => {
    ctx.clock.now = T0 + 15_000
    for (let i = 0; i < 3; i++) expect((await post(event(), {}, quota)).status).toBe(202)
    const over = await post(event(), {}, quota)
    expect(over.status).toBe(429)
    expect(over.headers.get('Retry-After')).toBe('45')
    expect(over.body).toEqual({
      status: 429,
      error: 'This project sent more analytics events than its quota: try again in 45 s',
      reasons: [{ description: 'This project sent more analytics events than its quota: try again in 45 s' }],
    })
    ctx.clock.now = T0 + 59_500
    expect((await post(event(), {}, quota)).headers.get('Retry-After')).toBe('1')
    expect(await stored()).toHaveLength(3)

    ctx.clock.now = T0 + 60_000
    expect((await post(event(), {}, quota)).body).toEqual({ stored: true })
    expect(await stored()).toHaveLength(4)
  })

  it('counts each project apart, and a project that keeps no analytics never', async () => {
    for (let i = 0; i < 3; i++) await post(event(), {}, quota)
    expect((await post(event(), {}, quota)).status).toBe(429)
    expect((await post(event(), { projectId: 'other' }, quota)).body).toEqual({ stored: true })
    for (let i = 0; i < 5; i++) expect((await post(event(), { projectId: 'quiet' }, quota)).body).toEqual({ stored: false })
  })

  it('is shared by every server on the database (the count is stored, not in memory)', async () => {
    const second = ctx.mount(analyticsRoutes(ctx.deps, limits), '/')
    await post(event(), {}, quota)
    await post(event(), {}, second)
    await post(event(), {}, quota)
    expect((await post(event(), {}, second)).status).toBe(429)
  })

  it('defaults to 10,000 events an hour and 90 days', () => {
    expect(DEFAULT_ANALYTICS_LIMITS).toEqual({ eventsPerWindow: 10_000, windowMs: 3_600_000, retentionDays: 90 })
  })
})

describe('retention', () => {
  const DAY = 24 * 60 * 60_000
  const limits: AnalyticsLimits = { eventsPerWindow: 3, windowMs: 60_000, retentionDays: 30 }
  const receivedAt = async (ago: number) => {
    ctx.clock.now = T0 - ago
    const body = event({ timestamp: T0 - ago })
    expect((await post(body)).body).toEqual({ stored: true })
    return body.eventId
  }

  it('deletes events received longer ago than the retention, and the counts of past quota windows', async () => {
    const [, kept, fresh] = [await receivedAt(31 * DAY), await receivedAt(30 * DAY - 1000), await receivedAt(0)]
    expect(await purgeAnalytics(ctx.db, limits, T0)).toEqual({ events: 1 })
    expect((await stored()).map((row) => row.event_id)).toEqual([kept, fresh])
    const windows = await ctx.db.query<{ window_start: Date }>('SELECT window_start FROM analytics_quota ORDER BY window_start')
    // The quota counts of the 10,000-an-hour routes above: only the current window's stays.
    expect(windows.rows.map((row) => row.window_start.getTime())).toEqual([Math.floor(T0 / 3_600_000) * 3_600_000])
  })

  it('runs at start (and then on a timer), and stop waits for the run', async () => {
    await receivedAt(40 * DAY)
    const fresh = await receivedAt(0)
    const task = startAnalyticsRetention(ctx.db, limits, () => T0)
    await task.stop()
    expect((await stored()).map((row) => row.event_id)).toEqual([fresh])
  })
})
