import { PenpalError, type Message, type MessageHandler, type Messenger, type InitializeMessengerOptions } from 'penpal'
import { penpalEnvelopeCheck } from './host-checks'

export type DropReason = 'origin' | 'source' | 'malformed'

export interface PinnedWindowMessengerOptions {
  remoteWindow: Window
  /** The one origin messages are sent to and accepted from. */
  remoteOrigin: string
  /** Called for every message dropped, so that drops can be counted and reported. */
  onDrop?: (reason: DropReason) => void
  /** The window whose `message` events carry the handshake; defaults to the global one. */
  localWindow?: Window
  /**
   * The penpal channel of this conversation (pass the same to penpal's `connect`). The widget holds
   * two in one window, with the dapp page (no channel) and with the secure frame
   * (SECURE_FRAME_CHANNEL): penpal traffic of the other channel is not ours, and not a drop.
   */
  channel?: string
}

/** The penpal channel of the widget <-> secure frame conversation. */
export const SECURE_FRAME_CHANNEL = 'airlock-secure-frame'

/**
 * A penpal Messenger that pins one origin both ways. penpal's own WindowMessenger posts its
 * handshake with target origin `*`; this one never does. After the handshake, traffic moves to a
 * MessageChannel port that only the two parties hold.
 */
export class PinnedWindowMessenger implements Messenger {
  readonly #remoteWindow: Window
  readonly #remoteOrigin: string
  readonly #localWindow: Window
  readonly #onDrop: (reason: DropReason) => void
  readonly #channel: string | undefined
  readonly #handlers = new Set<MessageHandler>()
  #port: MessagePort | undefined

  constructor(options: PinnedWindowMessengerOptions) {
    this.#remoteWindow = options.remoteWindow
    this.#remoteOrigin = options.remoteOrigin
    this.#localWindow = options.localWindow ?? window
    this.#onDrop = options.onDrop ?? (() => {})
    this.#channel = options.channel
  }

  initialize = (_options: InitializeMessengerOptions): void => {
    this.#localWindow.addEventListener('message', this.#onWindowMessage)
  }

  sendMessage = (outgoing: Message, transferables: Transferable[] = []): void => {
    const message = withoutErrorStack(outgoing)
    // penpal answers a call to a name we do not expose itself; it is as forged as a malformed message.
    if (isMethodNotFoundReply(message)) this.#onDrop('malformed')
    if (message.type === 'ACK2') {
      const { port1, port2 } = new MessageChannel()
      this.#setPort(port1)
      this.#remoteWindow.postMessage(message, { targetOrigin: this.#remoteOrigin, transfer: [port2, ...transferables] })
      return
    }
    // A frame still on its initial about:blank cannot take the handshake yet; it will send its own
    // SYN once loaded and penpal answers that. Posting now would only log an origin mismatch.
    if (message.type === 'SYN' && this.#remoteNotLoadedYet()) return
    if (message.type === 'SYN' || message.type === 'ACK1') {
      this.#remoteWindow.postMessage(message, { targetOrigin: this.#remoteOrigin, transfer: transferables })
      return
    }
    if (!this.#port) throw new PenpalError('TRANSMISSION_FAILED', 'Cannot send message because the MessagePort is not connected')
    this.#port.postMessage(message, { transfer: transferables })
  }

  addMessageHandler = (handler: MessageHandler): void => {
    this.#handlers.add(handler)
  }

  removeMessageHandler = (handler: MessageHandler): void => {
    this.#handlers.delete(handler)
  }

  destroy = (): void => {
    this.#localWindow.removeEventListener('message', this.#onWindowMessage)
    this.#setPort(undefined)
    this.#handlers.clear()
  }

  #remoteNotLoadedYet(): boolean {
    try {
      return this.#remoteWindow.location.origin !== this.#remoteOrigin
    } catch {
      // Cross-origin, so the remote document is loaded.
      return false
    }
  }

  #setPort(port: MessagePort | undefined): void {
    this.#port?.removeEventListener('message', this.#onPortMessage)
    this.#port?.close()
    this.#port = port
    if (port) {
      port.addEventListener('message', this.#onPortMessage)
      port.start()
    }
  }

  #dispatch(message: Message): void {
    for (const handler of this.#handlers) handler(message)
  }

  #onWindowMessage = (event: MessageEvent): void => {
    if (looksLikePenpal(event.data) && (event.data as { channel?: unknown }).channel !== this.#channel) return
    if (event.source !== this.#remoteWindow) {
      // Not from our peer: only worth counting when it pretends to be protocol traffic.
      if (looksLikePenpal(event.data)) this.#onDrop('source')
      return
    }
    if (event.origin !== this.#remoteOrigin) {
      this.#onDrop('origin')
      return
    }
    const parsed = penpalEnvelopeCheck.safeParse(event.data)
    if (!parsed.success) {
      this.#onDrop('malformed')
      return
    }
    // Only a well-formed handshake message may reset or replace the channel.
    if (parsed.data.type === 'SYN') this.#setPort(undefined)
    if (parsed.data.type === 'ACK2') {
      const port = event.ports[0]
      if (!port) {
        this.#onDrop('malformed')
        return
      }
      this.#setPort(port)
    }
    this.#dispatch(parsed.data)
  }

  #onPortMessage = (event: MessageEvent): void => {
    const parsed = penpalEnvelopeCheck.safeParse(event.data)
    if (parsed.success) this.#dispatch(parsed.data)
    else this.#onDrop('malformed')
  }
}

/** An error reply says what went wrong, never where: a stack would show the peer our files and lines. */
function withoutErrorStack(message: Message): Message {
  if (message.type !== 'REPLY' || !message.isSerializedErrorInstance) return message
  const { name, message: text, penpalCode } = message.value
  return { ...message, value: { name, message: text, penpalCode } }
}

function isMethodNotFoundReply(message: Message): boolean {
  return message.type === 'REPLY' && message.isSerializedErrorInstance === true && message.value.penpalCode === 'METHOD_NOT_FOUND'
}

function looksLikePenpal(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { namespace?: unknown }).namespace === 'penpal'
}
