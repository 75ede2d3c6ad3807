import { describe, expect, it, vi } from 'vitest'
import { createDataApi } from '../http/dataApi'
import { flush } from '../../testing/fakeHost'
import { createAnalyticsSender } from './sender'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function setup(answers: { config?: Response; event?: Response }, enabled = true) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input)).pathname
    if (path === '/getAnalyticsConfig') return answers.config ?? json({ isAnalyticsEnabled: true })
    return answers.event ?? json({ stored: true }, 202)
  })
  const dataApi = createDataApi({
    apiUrl: 'http://api.localhost:4403',
    project: () => ({ projectId: 'demo' }),
    fetch: fetch as typeof globalThis.fetch,
  })
  const onInvalidAppConfiguration = vi.fn()
  const analytics = createAnalyticsSender({
    dataApi,
    pageUrl: 'http://dapp.localhost:4400/',
    enabled: () => enabled,
    address: () => '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    onInvalidAppConfiguration,
  })
  const posted = () =>
    fetch.mock.calls.filter(([input]) => new URL(String(input)).pathname === '/e').map(([, init]) => JSON.parse(String(init?.body)))
  return { analytics, fetch, posted, onInvalidAppConfiguration }
}

describe('analytics (POST /e)', () => {
  it("asks the project's config once, then posts each event with a fresh id, the dapp, the time and the account", async () => {
    const { analytics, fetch, posted } = setup({})
    analytics.send('SWAP_SUCCESS', { network: 'eip155:31337' })
    analytics.send('SWAP_ERROR')
    await flush()
    await flush()
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('/getAnalyticsConfig'))).toHaveLength(1)
    const [first, second] = posted()
    expect(first).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'http://dapp.localhost:4400/',
      domain: 'dapp.localhost',
      timestamp: expect.any(Number),
      props: {
        type: 'track',
        event: 'SWAP_SUCCESS',
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        properties: { network: 'eip155:31337' },
      },
    })
    expect(second.props.event).toBe('SWAP_ERROR')
    expect(second.eventId).not.toBe(first.eventId)
  })

  it('sends nothing when the dapp turned analytics off or the project keeps none', async () => {
    const off = setup({}, false)
    off.analytics.send('MODAL_OPEN')
    await flush()
    expect(off.fetch).not.toHaveBeenCalled()
    const none = setup({ config: json({ isAnalyticsEnabled: false }) })
    none.analytics.send('MODAL_OPEN')
    await flush()
    await flush()
    expect(none.posted()).toEqual([])
  })

  it("a 403 (the dapp's origin is not the project's) shows 'Invalid App Configuration' once and stops sending", async () => {
    const { analytics, posted, onInvalidAppConfiguration } = setup({ event: json({ error: 'Invalid App Configuration' }, 403) })
    analytics.send('MODAL_OPEN')
    analytics.send('MODAL_CLOSE')
    await flush()
    await flush()
    await flush()
    expect(onInvalidAppConfiguration).toHaveBeenCalledTimes(1)
    const sent = posted().length
    analytics.send('MODAL_OPEN')
    await flush()
    expect(posted()).toHaveLength(sent)
    const refusedConfig = setup({ config: json({ error: 'Invalid App Configuration' }, 403) })
    refusedConfig.analytics.send('MODAL_OPEN')
    await flush()
    await flush()
    expect(refusedConfig.onInvalidAppConfiguration).toHaveBeenCalledTimes(1)
    expect(refusedConfig.posted()).toEqual([])
  })
})
