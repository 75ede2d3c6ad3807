// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WIDGET_BOOT_STATUS_PATH } from '@airlock/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAirlock } from './index'

/** A widget origin whose boot status answers per project id (and an empty page for the frame). */
const STATUS: Record<string, string> = {
  refused: '{"error":"Invalid App Configuration"}',
  fine: '{}',
  garbage: '{"error":"<img src=x onerror=alert(1)>"}',
}
let server: Server
let widgetUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    res.setHeader('Access-Control-Allow-Origin', '*')
    if (url.pathname !== WIDGET_BOOT_STATUS_PATH) return res.end('<!doctype html><title>widget</title>')
    res.setHeader('Content-Type', 'application/json')
    res.end(STATUS[url.searchParams.get('projectId') ?? ''] ?? '{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  widgetUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const alertOf = () => document.querySelector<HTMLElement>('[data-airlock-alert]')
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('a widget origin that will not boot for this page', () => {
  it('shows its alert in the page instead of the frame, and every call fails saying why', async () => {
    const airlock = createAirlock({ projectId: 'refused', widgetUrl })
    // The frame is preloaded when the page is idle; its boot status comes with it.
    await until(() => airlock.getState().error === 'Invalid App Configuration')
    expect(alertOf()).toBeNull()
    await expect(airlock.open()).rejects.toMatchObject({
      code: 4900,
      message: 'The Airlock widget did not connect: Invalid App Configuration.',
    })
    expect(alertOf()?.textContent).toBe('Invalid App Configuration')
    expect(alertOf()?.getAttribute('role')).toBe('alert')
    expect(document.querySelector('iframe[data-airlock]')).toBeNull()
    expect(airlock.getState().error).toBe('Invalid App Configuration')
    await expect(airlock.getProvider('eip155').request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 })

    await airlock.close()
    expect(alertOf()).toBeNull()
    await expect(airlock.open()).rejects.toMatchObject({ code: 4900 })
    expect(alertOf()).not.toBeNull()
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    await until(() => alertOf() === null)
    expect(alertOf()).toBeNull()
    await expect(airlock.open()).rejects.toMatchObject({ code: 4900 })
    airlock.destroy()
    expect(alertOf()).toBeNull()
  })

  it('keeps the frame when the status is fine or not one of the alerts', async () => {
    for (const projectId of ['fine', 'garbage']) {
      const airlock = createAirlock({ projectId, widgetUrl })
      void airlock.open().catch(() => {})
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(alertOf(), projectId).toBeNull()
      expect(document.querySelector('iframe[data-airlock]'), projectId).not.toBeNull()
      expect(airlock.getState().error).not.toBe('Invalid App Configuration')
      airlock.destroy()
    }
  })
})
