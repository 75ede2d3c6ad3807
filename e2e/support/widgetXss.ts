import type { Frame } from '@playwright/test'

/**
 * What a script running in the widget's origin (an XSS, a compromised dependency) can do to the
 * secure frame: everything the widget can. It finds the frame's iframe, does its own penpal
 * handshake with it over postMessage (the frame accepts its parent's window on the widget origin,
 * which is where this script runs), takes the MessagePort the frame hands over, and calls the
 * frame's methods directly, bypassing the widget's own code. Installed as `window.__xss`.
 *
 * The handshake (penpal 7, channel 'airlock-secure-frame'): this script sends SYN with a
 * participant id above any penpal makes (so it leads), then ACK1; the frame answers ACK2 with a
 * fresh MessagePort, on which CALL / REPLY messages flow.
 */
export interface XssResult {
  ok: boolean
  value?: unknown
  error?: { code?: number; message?: string }
}

const INSTALL = `(() => {
  const channel = 'airlock-secure-frame'
  const iframe = document.querySelector('iframe[data-airlock-secure]')
  if (!iframe) throw new Error('no secure frame in the widget')
  const frameOrigin = new URL(iframe.src).origin
  const replies = new Map()
  let calls = 0
  const port = new Promise((resolve) => {
    window.addEventListener('message', (event) => {
      const data = event.data
      if (event.source !== iframe.contentWindow || !data || data.namespace !== 'penpal' || data.channel !== channel) return
      if (data.type === 'ACK2' && event.ports[0]) resolve(event.ports[0])
    })
  })
  iframe.contentWindow.postMessage({ namespace: 'penpal', channel, type: 'SYN', participantId: '~xss' }, frameOrigin)
  iframe.contentWindow.postMessage({ namespace: 'penpal', channel, type: 'ACK1', methodPaths: [] }, frameOrigin)
  port.then((p) => {
    p.addEventListener('message', (event) => {
      const data = event.data
      if (data && data.type === 'REPLY' && replies.has(data.callId)) {
        replies.get(data.callId)(data.isError ? { ok: false, error: data.value } : { ok: true, value: data.value })
        replies.delete(data.callId)
      }
    })
    p.start()
  })
  window.__xss = {
    iframe,
    call: async (method, params) => {
      const p = await port
      const id = 'xss-' + ++calls
      const reply = new Promise((resolve) => replies.set(id, resolve))
      p.postMessage({ namespace: 'penpal', channel, type: 'CALL', id, methodPath: [method], args: params === undefined ? [] : [params] })
      return reply
    },
  }
})()`

/** Installs the attacker's handle on the secure frame in the widget's document. */
export async function installWidgetXss(widget: Frame): Promise<void> {
  await widget.evaluate(INSTALL)
}

/** Calls a secure-frame method as the attacker, bypassing the widget's code; resolves with the frame's reply. */
export function xssCall(widget: Frame, method: string, params?: unknown): Promise<XssResult> {
  return widget.evaluate(
    ([m, p]) => (window as unknown as { __xss: { call(method: string, params: unknown): Promise<XssResult> } }).__xss.call(m, p),
    [method, params] as const,
  )
}

/** Starts a call and leaves it pending in the widget's document (`window.__xssPending[key]`), so that the test can act meanwhile. */
export function xssStart(widget: Frame, key: string, method: string, params?: unknown): Promise<void> {
  return widget.evaluate(
    ([k, m, p]) => {
      const w = window as unknown as {
        __xss: { call(method: string, params: unknown): Promise<XssResult> }
        __xssPending?: Record<string, unknown>
      }
      w.__xssPending ??= {}
      const pending = w.__xssPending
      pending[k] = w.__xss.call(m, p)
    },
    [key, method, params] as const,
  )
}

/** The reply of a call started with xssStart. */
export function xssResult(widget: Frame, key: string): Promise<XssResult> {
  return widget.evaluate((k) => (window as unknown as { __xssPending: Record<string, Promise<XssResult>> }).__xssPending[k]!, key)
}

/** The attacker lays the secure frame out big and visible in the widget's document, as the widget does for a slot. */
export function xssShowFrame(widget: Frame): Promise<void> {
  return widget.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-airlock-secure]')!
    iframe.style.cssText =
      'position:fixed;left:20px;top:20px;width:360px;height:560px;border:0;visibility:visible;pointer-events:auto;z-index:2147483647'
  })
}

/** What the attacker gets when it tries to reach into the frame's document to click Approve itself. */
export function xssReachIntoFrame(widget: Frame): Promise<string> {
  return widget.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-airlock-secure]')!
    try {
      iframe.contentWindow!.document.querySelector<HTMLElement>('[data-testid="approve-confirm"]')!.click()
      return 'clicked'
    } catch (error) {
      return (error as Error).name
    }
  })
}
