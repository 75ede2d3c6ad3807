// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"enableJavaScriptEvaluation": true, "suppressInsecureJavaScriptEnvironmentWarning": true}}
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAirlock } from './airlock'
import * as extra from './extra'
import { extraScriptLoader, HANDOFF } from './load-extra-script'
import { widgetPeer, WIDGET_URL } from './testing/widget-peer'
import { walletsApp } from './testing/wallets-app'

const INTEGRITY = `sha384-${'A'.repeat(64)}`

/**
 * The widget origin's side, at the network edge: the extra script as it behaves (it hands over
 * what the page put in `window.__extra`, standing in for its bundled exports), one that hands
 * nothing over, and a missing one (what the browser makes of a file whose bytes miss the integrity).
 */
const FILES: Record<string, string> = {
  '/sdk-extra@0.1.0.js': `document.currentScript?.${HANDOFF}?.(window.__extra)`,
  '/silent.js': 'window.__ran = true',
}
let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = FILES[req.url ?? '']
    res.statusCode = body ? 200 : 404
    res.setHeader('Content-Type', 'text/javascript')
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.end(body ?? 'Not Found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

// Browsers run an inserted script asynchronously (its `async` is true); happy-dom only when the
// attribute says so, else it fetches synchronously and would wait on this very process's server.
const createElement = document.createElement.bind(document)
beforeAll(() => {
  document.createElement = ((name: string) =>
    Object.assign(createElement(name), name === 'script' ? { async: true } : {})) as typeof createElement
})
afterAll(() => {
  document.createElement = createElement
})

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src]')]

describe("the one-line SDK's loader of its extra part", () => {
  const cleanups: (() => void)[] = []
  afterEach(() => {
    cleanups.splice(0).forEach((cleanup) => cleanup())
    scripts().forEach((script) => script.remove())
  })
  const genuine = { genuine: true }
  const pageGlobal = (name: string, value: unknown) => {
    Object.assign(window, { [name]: value })
    cleanups.push(() => delete (window as unknown as Record<string, unknown>)[name])
  }

  it('inserts one script, with the integrity compiled into sdk.js and crossorigin, however often it is asked', async () => {
    pageGlobal('__extra', genuine)
    const load = extraScriptLoader(`${base}/sdk-extra@0.1.0.js`, INTEGRITY)
    const loading = load()
    expect(load()).toBe(loading)
    expect(scripts().map((s) => [s.src, s.integrity, s.crossOrigin])).toEqual([[`${base}/sdk-extra@0.1.0.js`, INTEGRITY, 'anonymous']])
    expect(await loading).toBe(genuine)
  })

  it('takes only what its own script hands over as it runs: not a page script’s earlier call, a global or a prototype property', async () => {
    pageGlobal('__extra', genuine)
    const forged = { forged: true }
    pageGlobal(HANDOFF, () => forged)
    const prototype = HTMLScriptElement.prototype as unknown as Record<string, unknown>
    Object.defineProperty(prototype, HANDOFF, { value: () => forged, configurable: true })
    cleanups.push(() => delete prototype[HANDOFF])
    const attempts: string[] = []
    // A page script that watches for the element: it calls the handoff first and tries to replace it.
    const observer = new MutationObserver(() => {
      for (const script of scripts()) {
        const element = script as unknown as Record<string, (value: unknown) => unknown>
        element[HANDOFF]!(forged)
        try {
          element[HANDOFF] = () => forged
        } catch (error) {
          attempts.push((error as Error).name)
        }
      }
    })
    observer.observe(document.head, { childList: true })
    cleanups.push(() => observer.disconnect())

    expect(await extraScriptLoader(`${base}/sdk-extra@0.1.0.js`, INTEGRITY)()).toBe(genuine)
    expect(attempts).toEqual(['TypeError'])
  })

  it('rejects, saying so, when its script fails to load or hands nothing over', async () => {
    for (const file of ['/missing.js', '/silent.js']) {
      await expect(extraScriptLoader(`${base}${file}`, INTEGRITY)()).rejects.toThrow(`Airlock could not load ${base}${file}`)
    }
  })

  it('adds no script to a page without a Wallet Standard app; an app that starts gets "Airlock" through it', async () => {
    pageGlobal('__extra', extra)
    const peer = widgetPeer()
    const airlock = startAirlock({ projectId: 'demo', widgetUrl: WIDGET_URL }, extraScriptLoader(`${base}/sdk-extra@0.1.0.js`, INTEGRITY))
    cleanups.push(() => airlock.destroy(), peer.close)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(scripts()).toEqual([])

    const app = walletsApp()
    cleanups.push(app.stop)
    expect((await app.wallet()).name).toBe('Airlock')
    expect(scripts()).toHaveLength(1)
  })
})
