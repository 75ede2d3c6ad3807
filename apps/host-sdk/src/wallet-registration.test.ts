// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { startAirlock } from './airlock'
import { importExtra } from './load-extra'
import { widgetPeer, WIDGET_URL } from './testing/widget-peer'
import { walletsApp } from './testing/wallets-app'

/** Long enough for the extra part's import to settle, had anything asked for it. */
const settle = async () => {
  await importExtra()
  await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('Airlock as a Wallet Standard wallet of the page', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

  /** Airlock with the npm build's loader, counting how often the extra part is asked for. */
  function start() {
    const peer = widgetPeer()
    let loads = 0
    const airlock = startAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL }, () => (loads++, importExtra()))
    cleanups.push(() => airlock.destroy(), peer.close)
    return { airlock, loads: () => loads }
  }
  function app() {
    const started = walletsApp()
    cleanups.push(started.stop)
    return started
  }

  it('is found by an app that listened before the SDK started', async () => {
    const early = app()
    const { loads } = start()
    expect((await early.wallet()).name).toBe('Airlock')
    expect(loads()).toBe(1)
  })

  it('is found by an app that starts later (its app-ready)', async () => {
    const { loads } = start()
    await settle()
    expect(loads()).toBe(0)
    const late = app()
    expect((await late.wallet()).name).toBe('Airlock')
    expect(loads()).toBe(1)
  })

  it('registers the same wallet with two apps, once each, however often they announce themselves', async () => {
    const first = app()
    const { loads } = start()
    const second = app()
    const wallet = await first.wallet()
    expect(await second.wallet()).toBe(wallet)
    first.ready()
    second.ready()
    await settle()
    expect([first.registrations, second.registrations]).toEqual([1, 1])
    expect(loads()).toBe(1)
  })

  it('loads nothing in a page without an app: its own discovery, another Airlock and a malformed app-ready do not count', async () => {
    const { loads } = start()
    const other = start()
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register: 'not a function' } }))
    await settle()
    expect([loads(), other.loads()]).toEqual([0, 0])

    other.airlock.destroy()
    const late = app()
    await late.wallet()
    expect([loads(), other.loads()]).toEqual([1, 0])
  })

  it('unregisters from every app on destroy, and answers no app after', async () => {
    const first = app()
    const { airlock } = start()
    const second = app()
    await first.wallet()
    await second.wallet()
    airlock.destroy()
    expect(first.get()).toEqual([])
    expect(second.get()).toEqual([])
    const third = app()
    await settle()
    expect(third.registrations).toBe(0)
  })

  it('registers nothing when destroyed while its code loads, or in the same turn as an app starts', async () => {
    const early = app()
    const { airlock, loads } = start()
    airlock.destroy()
    await settle()
    expect(loads()).toBe(1)
    expect(early.registrations).toBe(0)

    const first = app()
    const second = start()
    await first.wallet()
    const late = app()
    second.airlock.destroy()
    await settle()
    expect(late.registrations).toBe(0)
  })

  it('still reaches the other apps when one app’s register throws', async () => {
    const broken = (event: Event) =>
      (event as CustomEvent<(app: object) => void>).detail(
        Object.freeze({
          register() {
            throw new Error('broken app')
          },
        }),
      )
    window.addEventListener('wallet-standard:register-wallet', broken)
    cleanups.push(() => window.removeEventListener('wallet-standard:register-wallet', broken))
    start()
    const late = app()
    expect((await late.wallet()).name).toBe('Airlock')
  })
})
