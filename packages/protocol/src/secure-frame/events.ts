import * as z from 'zod/mini'

/**
 * The version the frame announces in its ready signal. SPEC.md section 9 gives the embedded
 * wallet SDK version as 4; a widget talks only to a frame of the same version.
 */
export const FRAME_PROTOCOL_VERSION = 4

/**
 * Type prefixes of frame-protocol messages (SPEC.md section 5: a frame event is accepted only when
 * its type carries the expected prefix). App events go widget -> frame, frame events the other way.
 */
export const APP_EVENT_PREFIX = '@airlock-app/'
export const FRAME_EVENT_PREFIX = '@airlock-frame/'
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/

export type AppEventType = `${typeof APP_EVENT_PREFIX}${string}`
export type FrameEventType = `${typeof FRAME_EVENT_PREFIX}${string}`

/** A widget -> frame message type: the app prefix, then a name of letters, digits and `_`. */
export function isAppEvent(type: unknown): type is AppEventType {
  return hasPrefix(type, APP_EVENT_PREFIX)
}

/** A frame -> widget message type: the frame prefix, then a name of letters, digits and `_`. */
export function isFrameEvent(type: unknown): type is FrameEventType {
  return hasPrefix(type, FRAME_EVENT_PREFIX)
}

export const appEventType = (name: string): AppEventType => `${APP_EVENT_PREFIX}${name}`
export const frameEventType = (name: string): FrameEventType => `${FRAME_EVENT_PREFIX}${name}`

function hasPrefix(type: unknown, prefix: string): boolean {
  return typeof type === 'string' && type.startsWith(prefix) && EVENT_NAME.test(type.slice(prefix.length))
}

/** Frame event ids (SPEC.md section 9): 7 random characters from [A-Za-z0-9]. */
export const FRAME_EVENT_ID_LENGTH = 7
export const FRAME_EVENT_ID = /^[A-Za-z0-9]{7}$/
export const FrameEventId = z.string().check(z.regex(FRAME_EVENT_ID))
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** The largest multiple of 62 below 256: bytes from here up are redrawn so that no letter is favoured. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length)

/** A fresh 7-character event id from crypto.getRandomValues (62^7, about 3.5e12 ids). */
export function frameEventId(): string {
  let id = ''
  const bytes = new Uint8Array(16)
  while (id.length < FRAME_EVENT_ID_LENGTH) {
    crypto.getRandomValues(bytes)
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT) id += ALPHABET[byte % ALPHABET.length]
      if (id.length === FRAME_EVENT_ID_LENGTH) break
    }
  }
  return id
}
