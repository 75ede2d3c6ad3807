import { isHex, type Hex, type SignableMessage, type TransactionSerializable, type TypedDataDefinition } from 'viem'
import type { Eip155Account } from './derive'

/**
 * Thin signing wrappers over the derived account's viem signer, for the RPC policy layer. They do
 * not decide whether to sign (chain id, origin, user approval, from-address checks live there).
 */

/**
 * `personal_sign` (EIP-191 version 0x45). The RPC param is a string: 0x-prefixed hex is signed as
 * the raw bytes it encodes, anything else as UTF-8 text, which is what MetaMask does.
 */
export function personalSign(account: Eip155Account, data: string): Promise<Hex> {
  const message: SignableMessage = isHex(data, { strict: true }) ? { raw: data } : data
  return account.signer.signMessage({ message })
}

/**
 * `eth_signTypedData_v4` (EIP-712). Accepts the RPC's JSON string or the parsed object; an
 * `EIP712Domain` entry in `types` is accepted and used as sent.
 */
export function signTypedDataV4(account: Eip155Account, typedData: string | TypedDataDefinition): Promise<Hex> {
  const definition: TypedDataDefinition = typeof typedData === 'string' ? (JSON.parse(typedData) as TypedDataDefinition) : typedData
  return account.signer.signTypedData(definition)
}

/** Signs and serializes a transaction (legacy, EIP-2930, EIP-1559 or EIP-7702 as its fields say). */
export function signTransaction(account: Eip155Account, transaction: TransactionSerializable): Promise<Hex> {
  return account.signer.signTransaction(transaction)
}
