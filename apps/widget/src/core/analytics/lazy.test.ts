import { describe, expect, it, vi } from 'vitest'
import { flush } from '../../testing/fakeHost'
import { lazyAnalytics } from './lazy'

describe('lazy analytics', () => {
  it('loads the sender once, with the first event the dapp allows, and hands it every event in order', async () => {
    const send = vi.fn()
    const load = vi.fn(async () => ({ send }))
    let enabled = false
    const analytics = lazyAnalytics(() => enabled, load)
    analytics.send('MODAL_OPEN')
    await flush()
    expect(load).not.toHaveBeenCalled()
    enabled = true
    analytics.send('MODAL_OPEN', { view: 'Connect' })
    analytics.send('MODAL_CLOSE')
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    expect(send.mock.calls).toEqual([
      ['MODAL_OPEN', { view: 'Connect' }],
      ['MODAL_CLOSE', undefined],
    ])
  })

  it('a chunk that fails to load drops events quietly', async () => {
    const analytics = lazyAnalytics(
      () => true,
      () => Promise.reject(new Error('chunk failed')),
    )
    expect(() => analytics.send('MODAL_OPEN')).not.toThrow()
    await flush()
  })
})
