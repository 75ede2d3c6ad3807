/**
 * The `<Bytes>…</Bytes>` wrapping Polkadot extensions apply to a `signRaw` of type `bytes` (as
 * @polkadot/util's u8aWrapBytes): a signed message can then never be a valid transaction payload,
 * so a dapp cannot get one signed blindly as a "message". WalletConnect's Polkadot RPC asks
 * signers to do the same.
 */

const encoder = new TextEncoder()
const PREFIX = encoder.encode('<Bytes>')
const POSTFIX = encoder.encode('</Bytes>')
/**
 * u8aWrapBytes also leaves a message with Ethereum's personal_sign prefix unwrapped (it can be no
 * transaction payload either); doing the same keeps signatures identical to an extension's.
 */
const ETHEREUM_PREFIX = encoder.encode('\x19Ethereum Signed Message:\n')

export function isWrappedBytes(message: Uint8Array): boolean {
  return (
    message.length >= PREFIX.length + POSTFIX.length &&
    startsWith(message, PREFIX, 0) &&
    startsWith(message, POSTFIX, message.length - POSTFIX.length)
  )
}

/** `<Bytes>` ‖ message ‖ `</Bytes>`; a message already wrapped is returned as is (signers never wrap twice). */
export function wrapBytes(message: Uint8Array): Uint8Array {
  if (isWrappedBytes(message) || startsWith(message, ETHEREUM_PREFIX, 0)) return message
  const out = new Uint8Array(PREFIX.length + message.length + POSTFIX.length)
  out.set(PREFIX, 0)
  out.set(message, PREFIX.length)
  out.set(POSTFIX, PREFIX.length + message.length)
  return out
}

/** The message inside the wrapping; a message not wrapped is returned as is. */
export function unwrapBytes(message: Uint8Array): Uint8Array {
  return isWrappedBytes(message) ? message.subarray(PREFIX.length, message.length - POSTFIX.length) : message
}

/** Whether `part` stands at `at` in `bytes` (false when `bytes` ends first). */
function startsWith(bytes: Uint8Array, part: Uint8Array, at: number): boolean {
  return part.every((byte, i) => bytes[at + i] === byte)
}
