import { describe, expect, it } from 'vitest'
import { describeQuery, matchesQuery, MAX_WAIT_MS, parseWaitParams } from './query'
import type { Mail } from './mail'

const mail = (to: string[], subject: string, date: string): Mail => ({ id: '1', from: 'a@b.c', to, subject, text: '', date, headers: {} })

describe('mail queries', () => {
  const login = mail(['e2e-1@example.com', 'cc@example.com'], 'Your Airlock login code', '2026-11-25T10:00:00.500Z')

  it('takes a mail only when every given part holds: recipient and subject case-insensitive, since inclusive', () => {
    expect(matchesQuery({})(login)).toBe(true)
    expect(matchesQuery({ to: ' CC@Example.com ' })(login)).toBe(true)
    expect(matchesQuery({ to: 'e2e-2@example.com' })(login)).toBe(false)
    expect(matchesQuery({ to: 'e2e-1@example.com', subject: 'LOGIN CODE' })(login)).toBe(true)
    expect(matchesQuery({ to: 'e2e-1@example.com', subject: 'new device' })(login)).toBe(false)
    const at = Date.parse(login.date)
    expect(matchesQuery({ since: at })(login)).toBe(true)
    // A mail from before the request (an earlier code to the same address) is not taken.
    expect(matchesQuery({ to: 'e2e-1@example.com', since: at + 1 })(login)).toBe(false)
  })

  it('says what it waited for', () => {
    expect(describeQuery({ to: 'a@b.c', subject: 'login code', since: Date.parse('2026-11-25T10:00:00Z') })).toBe(
      'to a@b.c, subject containing "login code", since 2026-11-25T10:00:00.000Z',
    )
    expect(describeQuery({})).toBe('at all')
  })

  it('reads the HTTP wait parameters: since as epoch ms or ISO 8601, a bounded time-out, nothing unknown', () => {
    const params = (query: string) => parseWaitParams(new URLSearchParams(query))
    expect(params('to=a@b.c&subject=login%20code&since=1795600000000&timeoutMs=20000')).toEqual({
      query: { to: 'a@b.c', subject: 'login code', since: 1795600000000 },
      timeoutMs: 20000,
    })
    expect(params('since=2026-11-25T10:00:00.500Z')).toEqual({ query: { since: Date.parse('2026-11-25T10:00:00.500Z') }, timeoutMs: 5000 })
    expect(params(`timeoutMs=${MAX_WAIT_MS + 1}`)).toEqual({ error: expect.stringMatching(/^timeoutMs: .*expected to=<address>/) })
    expect(params('since=yesterday')).toEqual({ error: expect.stringMatching(/^since: /) })
    expect(params('to=')).toEqual({ error: expect.stringMatching(/^to: /) })
    expect(params('too=a@b.c')).toEqual({ error: expect.stringMatching(/^query: .*too/) })
  })
})
