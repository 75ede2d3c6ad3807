import { u8aUnwrapBytes, u8aWrapBytes } from '@polkadot/util'
import { describe, expect, it } from 'vitest'
import { isWrappedBytes, unwrapBytes, wrapBytes } from './message'

const text = (value: string) => new TextEncoder().encode(value)

const MESSAGES = [
  text('hello'),
  new Uint8Array(0),
  text('<Bytes>hello</Bytes>'),
  text('<Bytes>hello'),
  text('hello</Bytes>'),
  text('</Bytes><Bytes>'),
  text('\x19Ethereum Signed Message:\n5hello'),
  Uint8Array.of(0x04, 0x00, 0x01),
]

describe('wrapBytes', () => {
  it.each(MESSAGES.map((message) => [new TextDecoder().decode(message), message] as const))(
    'wraps %j as @polkadot/util does, and unwraps it back',
    (_name, message) => {
      expect(wrapBytes(message)).toEqual(u8aWrapBytes(message))
      expect(unwrapBytes(wrapBytes(message))).toEqual(u8aUnwrapBytes(u8aWrapBytes(message)))
      expect(unwrapBytes(message)).toEqual(u8aUnwrapBytes(message))
    },
  )

  it('wraps once', () => {
    const once = wrapBytes(text('hello'))
    expect(new TextDecoder().decode(once)).toBe('<Bytes>hello</Bytes>')
    expect(wrapBytes(once)).toBe(once)
    expect(isWrappedBytes(once)).toBe(true)
    expect(isWrappedBytes(text('hello'))).toBe(false)
  })
})
