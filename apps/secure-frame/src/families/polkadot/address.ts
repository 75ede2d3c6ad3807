import { decodeSs58 } from '@airlock/chains/polkadot'

/**
 * Whether an SS58 address names the account of `publicKey`, in any network's format: the prefix
 * only writes the same 32-byte account id, as extensions accept it.
 */
export function isAddressOf(address: string, publicKey: Uint8Array): boolean {
  const decoded = decodeSs58(address)
  return (
    decoded !== undefined && decoded.publicKey.length === publicKey.length && decoded.publicKey.every((byte, i) => byte === publicKey[i])
  )
}
