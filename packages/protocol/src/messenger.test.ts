import type { Message } from 'penpal'
import { describe, expect, it, vi } from 'vitest'
import { PinnedWindowMessenger, SECURE_FRAME_CHANNEL, type DropReason } from './messenger'

const widgetOrigin = 'http://widget.localhost:4401'

function setup(remoteLocation: () => { origin: string } = crossOrigin) {
  const localWindow = new EventTarget() as unknown as Window
  const posted: { message: unknown; options: WindowPostMessageOptions }[] = []
  const remoteWindow = {
    postMessage: (message: unknown, options: WindowPostMessageOptions) => posted.push({ message, options }),
    get location() {
      return remoteLocation()
    },
  } as unknown as Window
  const drops: DropReason[] = []
  const messenger = new PinnedWindowMessenger({
    remoteWindow,
    remoteOrigin: widgetOrigin,
    localWindow,
    onDrop: (reason) => drops.push(reason),
  })
  const received: Message[] = []
  messenger.initialize({ validateReceivedMessage: (_data): _data is Message => true })
  messenger.addMessageHandler((message) => received.push(message))
  const deliver = (data: unknown, origin = widgetOrigin, source: unknown = remoteWindow, ports: MessagePort[] = []) =>
    localWindow.dispatchEvent(messageEvent({ data, origin, source, ports }))
  return { messenger, posted, drops, received, deliver }
}

/** Node's MessageEvent only takes MessagePort sources; a window's event carries a Window. */
const messageEvent = (init: { data: unknown; origin: string; source: unknown; ports: MessagePort[] }) =>
  Object.assign(new Event('message'), init)

/** Reading a cross-origin window's location throws, as in a browser. */
const crossOrigin = () => {
  throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
}

const syn = { namespace: 'penpal', channel: undefined, type: 'SYN', participantId: 'p1' }

describe('PinnedWindowMessenger', () => {
  it('posts the handshake to the pinned origin, never to *', () => {
    const { messenger, posted } = setup()
    messenger.sendMessage(syn as Message)
    messenger.sendMessage({ namespace: 'penpal', channel: undefined, type: 'ACK1', methodPaths: [['open']] } as Message)
    messenger.sendMessage({ namespace: 'penpal', channel: undefined, type: 'ACK2' } as Message)
    expect(posted.map((p) => p.options.targetOrigin)).toEqual([widgetOrigin, widgetOrigin, widgetOrigin])
  })

  it('holds its SYN while the frame is still on its initial blank document', () => {
    const { messenger, posted } = setup(() => ({ origin: 'http://dapp.localhost:4400' }))
    messenger.sendMessage(syn as Message)
    expect(posted).toEqual([])
  })

  it('delivers a valid message from the pinned origin and window', () => {
    const { received, drops, deliver } = setup()
    deliver(syn)
    expect(received).toHaveLength(1)
    expect(drops).toEqual([])
  })

  it('drops and counts messages from another origin, another window, or of the wrong shape', () => {
    const { received, drops, deliver } = setup()
    deliver(syn, 'http://evil.localhost:4400')
    deliver(syn, widgetOrigin, {})
    deliver({ namespace: 'penpal', type: 'CALL', id: 1 })
    deliver('not an object')
    deliver({ namespace: 'penpal', channel: undefined, type: 'ACK2' })
    deliver({ hello: 'other scripts' }, widgetOrigin, {})
    expect(received).toEqual([])
    expect(drops).toEqual(['origin', 'source', 'malformed', 'malformed', 'malformed'])
  })

  it("ignores, without counting, the other penpal conversation of the window (the secure frame's channel)", () => {
    const { received, drops, deliver } = setup()
    deliver({ ...syn, channel: SECURE_FRAME_CHANNEL }, 'http://secure.localhost:4402', {})
    deliver({ ...syn, channel: SECURE_FRAME_CHANNEL })
    expect(received).toEqual([])
    expect(drops).toEqual([])
    // A foreign window speaking our channel is still a drop.
    deliver(syn, widgetOrigin, {})
    expect(drops).toEqual(['source'])
  })

  it('keeps its channel when a malformed handshake message arrives', async () => {
    const { messenger, deliver, drops, received } = setup()
    const { port1, port2 } = new MessageChannel()
    deliver({ namespace: 'penpal', channel: undefined, type: 'ACK2' }, widgetOrigin, undefined, [port2])
    deliver({ namespace: 'penpal', type: 'SYN' })
    port1.postMessage({ namespace: 'penpal', channel: undefined, type: 'CALL', id: '1', methodPath: ['open'], args: [] })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(drops).toEqual(['malformed'])
    expect(received.map((m) => m.type)).toEqual(['ACK2', 'CALL'])
    port1.close()
    messenger.destroy()
  })

  it('throws instead of sending a call before a port exists', () => {
    const { messenger } = setup()
    expect(() =>
      messenger.sendMessage({ namespace: 'penpal', channel: undefined, type: 'CALL', id: '1', methodPath: ['open'], args: [] } as Message),
    ).toThrow(/MessagePort/)
  })
})

describe('PinnedWindowMessenger over a real port', () => {
  it('receives calls through the port it was given', async () => {
    const localWindow = new EventTarget() as unknown as Window
    const remoteWindow = { postMessage: vi.fn() } as unknown as Window
    const drops: DropReason[] = []
    const messenger = new PinnedWindowMessenger({ remoteWindow, remoteOrigin: widgetOrigin, localWindow, onDrop: (r) => drops.push(r) })
    const received: Message[] = []
    messenger.initialize({ validateReceivedMessage: (_d): _d is Message => true })
    messenger.addMessageHandler((m) => received.push(m))
    const { port1, port2 } = new MessageChannel()
    localWindow.dispatchEvent(
      messageEvent({
        data: { namespace: 'penpal', channel: undefined, type: 'ACK2' },
        origin: widgetOrigin,
        source: remoteWindow,
        ports: [port2],
      }),
    )
    port1.postMessage({ namespace: 'penpal', channel: undefined, type: 'CALL', id: '7', methodPath: ['open'], args: [] })
    port1.postMessage({ namespace: 'penpal', type: 'CALL', id: 7 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(received.map((m) => m.type)).toEqual(['ACK2', 'CALL'])
    expect(drops).toEqual(['malformed'])
    messenger.destroy()
    port1.close()
  })
})
