import { connect } from 'penpal'
import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { PinnedWindowMessenger, type DropReason } from './messenger'
import { exposeMethods } from './rpc'

const dappOrigin = 'http://dapp.localhost:4400'
const widgetOrigin = 'http://widget.localhost:4401'

/**
 * Two windows that can only post to each other: a message posted to one is dispatched on it with
 * the other as its source and origin, ports transferred, as a browser does.
 */
function windowPair() {
  const make = () => new EventTarget() as EventTarget & { postMessage?: (data: unknown, options: WindowPostMessageOptions) => void }
  const dapp = make()
  const widget = make()
  const deliverTo = (target: typeof dapp, source: typeof dapp, origin: string) => (data: unknown, options: WindowPostMessageOptions) =>
    setTimeout(() => {
      const ports = (options.transfer ?? []).filter((t): t is MessagePort => t instanceof MessagePort)
      target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source, ports }))
    })
  dapp.postMessage = deliverTo(dapp, widget, widgetOrigin)
  widget.postMessage = deliverTo(widget, dapp, dappOrigin)
  return { dapp: dapp as unknown as Window, widget: widget as unknown as Window }
}

const params = { greet: z.object({ name: z.string() }) }
type Results = { greet: z.ZodMiniString }

describe('a penpal connection over PinnedWindowMessenger', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

  async function open() {
    const { dapp, widget } = windowPair()
    const drops: (DropReason | 'invalid')[] = []
    const widgetSide = connect({
      messenger: new PinnedWindowMessenger({
        remoteWindow: dapp,
        remoteOrigin: dappOrigin,
        localWindow: widget,
        onDrop: (r) => drops.push(r),
      }),
      methods: exposeMethods<typeof params, Results>(params, { greet: ({ name }) => `hello ${name}` }, () => drops.push('invalid')),
    })
    const dappSide = connect({
      messenger: new PinnedWindowMessenger({ remoteWindow: widget, remoteOrigin: widgetOrigin, localWindow: dapp }),
    })
    cleanups.push(
      () => widgetSide.destroy(),
      () => dappSide.destroy(),
    )
    const remote = (await dappSide.promise) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
    return { remote, drops }
  }

  it('answers an exposed method whose params pass the schema, and refuses the others', async () => {
    const { remote, drops } = await open()
    await expect(remote.greet!({ name: 'Ada' })).resolves.toBe('hello Ada')
    await expect(remote.greet!({ name: 1 })).rejects.toEqual({ code: -32602, message: 'Invalid params for greet' })
    expect(drops).toEqual(['invalid'])
  })

  it('offers nothing of the prototype chain: constructor, toString, __proto__.constructor are not found, counted, and carry no stack', async () => {
    const { remote, drops } = await open()
    // penpal's remote proxy turns any property path into a call of that path.
    const at = (path: string[]) =>
      path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], remote) as () => Promise<unknown>
    for (const path of [['constructor'], ['toString'], ['hasOwnProperty'], ['__proto__', 'constructor']]) {
      const call = at(path)
      const error = (await call().then(
        () => undefined,
        (e: unknown) => e,
      )) as Error & { code?: string }
      expect(error).toBeInstanceOf(Error)
      expect(error.code).toBe('METHOD_NOT_FOUND')
      expect(error.message).toMatch(/^Method `[_a-zA-Z.]+` is not found\.$/)
      // The reply's stack would name the widget's files; the caller's error has none from it.
      expect(error.stack).toBeUndefined()
    }
    expect(drops).toEqual(['malformed', 'malformed', 'malformed', 'malformed'])
  })
})
