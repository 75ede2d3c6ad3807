import {
  type AirlockState,
  createCaller,
  exposeMethods,
  hostMethodResults,
  type hostMethodParams,
  PinnedWindowMessenger,
  widgetMethodParams,
  type HostApi,
  type WidgetMethods,
  type widgetMethodResults,
} from '@airlock/protocol'
import { connect } from 'penpal'
import { vi } from 'vitest'

export const WIDGET_URL = 'http://widget.localhost:4401'

type Call = { method: keyof WidgetMethods; params: unknown }

/**
 * The widget end of the real host protocol, for SDK tests in happy-dom: the SDK's iframe window is
 * replaced by one that posts into this peer (happy-dom cannot load the widget origin), and the
 * peer speaks penpal through the protocol's own messenger and schemas, as the widget does.
 */
export function widgetPeer(answer: (call: Call) => unknown = () => undefined) {
  const dappOrigin = window.location.origin
  const widgetSide = new EventTarget() as unknown as Window
  const deliver = (target: EventTarget, message: unknown, origin: string, source: unknown, transfer: Transferable[] = []) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data: structuredClone(message), origin, source, ports: transfer }))
  const parent = {
    postMessage: (message: unknown, options: WindowPostMessageOptions) => deliver(window, message, WIDGET_URL, frame, options.transfer),
  } as unknown as Window
  const frame = {
    postMessage: (message: unknown, options: WindowPostMessageOptions) =>
      deliver(widgetSide, message, dappOrigin, parent, options.transfer),
    get location(): never {
      throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
    },
  }
  const getter = vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(frame as unknown as Window)

  const calls: Call[] = []
  const methods = Object.fromEntries(
    Object.keys(widgetMethodParams).map((method) => [
      method,
      (params: unknown) => {
        calls.push({ method: method as Call['method'], params })
        return answer({ method: method as Call['method'], params })
      },
    ]),
  ) as unknown as WidgetMethods
  const connection = connect({
    messenger: new PinnedWindowMessenger({ remoteWindow: parent, remoteOrigin: dappOrigin, localWindow: widgetSide }),
    methods: exposeMethods<typeof widgetMethodParams, typeof widgetMethodResults>(widgetMethodParams, methods, () => {}),
  })
  const host: Promise<HostApi> = connection.promise.then((remote) =>
    createCaller<typeof hostMethodParams, typeof hostMethodResults>(hostMethodResults, remote, () => {}),
  )
  return {
    calls,
    host,
    close() {
      connection.destroy()
      getter.mockRestore()
    },
  }
}

/** A public state the widget could push: connected on `activeNamespace`, the Account view, closed; `patch` changes any field. */
export const widgetState = (patch: Partial<AirlockState> = {}): AirlockState => ({
  ready: true,
  open: false,
  view: 'Account',
  status: 'connected',
  activeNamespace: 'eip155',
  themeMode: 'dark',
  ...patch,
})
