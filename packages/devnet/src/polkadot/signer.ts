import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'

/**
 * How polkadot-js' extension and WalletConnect's reference wallets sign, with @polkadot/types
 * rather than Airlock's code, so that the devnet wallets check Airlock's payloads independently.
 */

/** signPayload: the ExtrinsicPayload of the JSON and its signed extensions; a MultiSignature (type byte first). */
export function signPayloadAsPolkadotJs(pair: KeyringPair, payload: SignerPayloadJSON): `0x${string}` {
  const registry = new TypeRegistry()
  registry.setSignedExtensions(payload.signedExtensions)
  return registry.createType('ExtrinsicPayload', payload, { version: payload.version }).sign(pair).signature
}

/** signRaw of bytes (and WalletConnect's signMessage): the `<Bytes>…</Bytes>`-wrapped data (hex or text), a bare 64-byte signature. */
export function signBytesAsPolkadotJs(pair: KeyringPair, data: string): `0x${string}` {
  return u8aToHex(pair.sign(u8aWrapBytes(data)))
}
