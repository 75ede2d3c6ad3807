import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { rateLimit } from './rate-limit'

function app(now: { t: number }) {
  const hono = new Hono()
  hono.use('*', rateLimit({ capacity: 3, refillPerSecond: 1, key: (c) => c.req.header('x-client') ?? 'anon', now: () => now.t }))
  hono.get('/', (c) => c.text('ok'))
  return hono
}

describe('rateLimit', () => {
  it('lets a burst through, then answers 429 with Retry-After and the error shape', async () => {
    const clock = { t: 0 }
    const hono = app(clock)
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await hono.request('/', { headers: { 'x-client': 'a' } })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await hono.request('/', { headers: { 'x-client': 'a' } })
    expect(limited.headers.get('Retry-After')).toBe('1')
    expect(await limited.json()).toEqual({
      status: 429,
      error: 'Too many requests: try again in 1 s',
      reasons: [{ description: 'Too many requests: try again in 1 s' }],
    })
  })

  it('refills over time and keeps clients apart', async () => {
    const clock = { t: 0 }
    const hono = app(clock)
    for (let i = 0; i < 3; i++) await hono.request('/', { headers: { 'x-client': 'a' } })
    expect((await hono.request('/', { headers: { 'x-client': 'a' } })).status).toBe(429)
    expect((await hono.request('/', { headers: { 'x-client': 'b' } })).status).toBe(200)
    clock.t = 1000
    expect((await hono.request('/', { headers: { 'x-client': 'a' } })).status).toBe(200)
    expect((await hono.request('/', { headers: { 'x-client': 'a' } })).status).toBe(429)
  })

  it('charges what the cost function says, waits for enough tokens, and refuses outright a cost over the capacity', async () => {
    const clock = { t: 0 }
    const hono = new Hono()
    const cost = (c: { req: { header(name: string): string | undefined } }) => Number(c.req.header('x-cost'))
    hono.use('*', rateLimit({ capacity: 10, refillPerSecond: 2, key: () => 'one', cost, now: () => clock.t }))
    hono.get('/', (c) => c.text('ok'))
    const send = (n: number) => hono.request('/', { headers: { 'x-cost': String(n) } })
    expect((await send(8)).status).toBe(200)
    const short = await send(5)
    expect(short.status).toBe(429)
    expect(short.headers.get('Retry-After')).toBe('2') // 2 tokens left, 3 more at 2 per second
    expect((await send(2)).status).toBe(200)
    clock.t = 5000
    expect((await send(10)).status).toBe(200)
    const never = await send(11)
    expect(never.status).toBe(429)
    expect(never.headers.get('Retry-After')).toBeNull()
    expect((await never.json()).error).toBe('Too many requests: one request may take at most 10 calls')
  })
})
