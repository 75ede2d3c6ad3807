import { connect, type Message } from 'penpal'
import type * as z from 'zod/mini'
import { PinnedWindowMessenger, type DropReason } from '../messenger'
import type { MethodImpl } from '../methods'
import { createCaller, exposeMethods, type Validators } from '../rpc'
import type { Link } from './links'

type Schemas = Record<string, z.ZodMiniType>
type AnyCaller = Record<string, (params?: unknown) => Promise<unknown>>

/**
 * The receiving side of a link, wired as the real side wires it (PinnedWindowMessenger, penpal's
 * connect, exposeMethods and createCaller over the link's validators), with handlers that only
 * record that they ran. Its peer is played by hand: the test holds the peer's end of the channel
 * and can post anything on it, or on the receiver's window from any origin and source.
 */
export interface Receiver {
  /** Names of the handlers that ran, in order: a forged call must never add one. */
  handled: { method: string; params: unknown }[]
  drops: DropReason[]
  /** Calls refused by exposeMethods, and replies refused by createCaller. */
  invalid: string[]
  /** The receiver's typed caller of its peer. */
  caller: AnyCaller
  /** Posts on the peer's end of the channel (structured clone, as a browser does). */
  post(message: unknown): void
  /** Everything the receiver sent over the channel. */
  inbox: Message[]
  /** Waits until `inbox` has `count` messages, or fails after `timeoutMs`. */
  waitForInbox(count: number, timeoutMs?: number): Promise<void>
  /** Dispatches a message event on the receiver's window, cloned as postMessage would. */
  postToWindow(data: unknown, from: { origin: string; fromPeer: boolean; ports?: MessagePort[] }): void
  close(): void
}

/** A window as the messenger sees its peer: cross-origin (its location throws), recording what it is sent. */
function peerWindow(sent: { message: unknown; ports: MessagePort[] }[]): Window {
  return {
    postMessage: (message: unknown, options: WindowPostMessageOptions) =>
      sent.push({ message, ports: (options.transfer ?? []).filter((t): t is MessagePort => t instanceof MessagePort) }),
    get location(): never {
      throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError')
    },
  } as unknown as Window
}

export async function openReceiver(
  link: Link,
  validators: { params: Validators<Schemas>; results: Validators<Schemas> },
): Promise<Receiver> {
  const localWindow = new EventTarget() as unknown as Window
  const sentToPeer: { message: unknown; ports: MessagePort[] }[] = []
  const peer = peerWindow(sentToPeer)
  const stranger = peerWindow([])
  const handled: Receiver['handled'] = []
  const drops: DropReason[] = []
  const invalid: string[] = []
  const impl = Object.fromEntries(
    Object.keys(link.params).map((method) => [
      method,
      (params: unknown) => {
        handled.push({ method, params })
      },
    ]),
  ) as MethodImpl<Schemas, Schemas>

  const connection = connect({
    messenger: new PinnedWindowMessenger({
      remoteWindow: peer,
      remoteOrigin: link.peerOrigin,
      localWindow,
      onDrop: (reason) => drops.push(reason),
      ...(link.channel ? { channel: link.channel } : {}),
    }),
    methods: exposeMethods(validators.params, impl, (method) => invalid.push(method)),
    ...(link.channel ? { channel: link.channel } : {}),
  })

  const postToWindow: Receiver['postToWindow'] = (data, from) => {
    const event = Object.assign(new Event('message'), {
      data: structuredClone(data),
      origin: from.origin,
      source: from.fromPeer ? peer : stranger,
      ports: from.ports ?? [],
    })
    localWindow.dispatchEvent(event)
  }

  // The handshake, played by the peer: its SYN (an empty participant id, so the receiver leads and
  // sends ACK1), then ACK2 with the port the conversation moves to.
  const { port1, port2 } = new MessageChannel()
  const base = { namespace: 'penpal', channel: link.channel }
  postToWindow({ ...base, type: 'SYN', participantId: '' }, { origin: link.peerOrigin, fromPeer: true })
  if (!sentToPeer.some(({ message }) => (message as Message).type === 'ACK1')) throw new Error('the receiver did not lead the handshake')
  postToWindow({ ...base, type: 'ACK2' }, { origin: link.peerOrigin, fromPeer: true, ports: [port2] })
  const remote = await connection.promise
  const caller = createCaller(validators.results, remote, (method) => invalid.push(method)) as unknown as AnyCaller

  const inbox: Message[] = []
  const waiters = new Set<() => void>()
  port1.addEventListener('message', (event) => {
    inbox.push(event.data as Message)
    for (const wake of waiters) wake()
  })
  port1.start()

  return {
    handled,
    drops,
    invalid,
    caller,
    inbox,
    post: (message) => port1.postMessage(message),
    waitForInbox: (count, timeoutMs = 2000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (inbox.length < count) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`${link.name}: ${inbox.length} of ${count} messages from the receiver after ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(check)
        check()
      }),
    postToWindow,
    close: () => {
      connection.destroy()
      port1.close()
    },
  }
}
