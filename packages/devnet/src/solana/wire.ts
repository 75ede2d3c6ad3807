import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import {
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type CompiledTransactionMessageWithLifetime,
  type LegacyCompiledTransactionMessage,
  type Transaction,
  type V0CompiledTransactionMessage,
} from '@solana/kit'
import { RPC_ERRORS, RpcError, invalidParams } from './rpc-error'

/** Largest serialized transaction a cluster accepts (one UDP packet). */
export const PACKET_DATA_SIZE = 1232

export type Message = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & CompiledTransactionMessageWithLifetime

export interface WireTransaction {
  transaction: Transaction
  message: Message
  /** The first signature, base58: the transaction's id. */
  signature: string
  bytes: Uint8Array
}

/** `sendTransaction` / `simulateTransaction` input: base64 or base58 text to bytes, refused as a node refuses. */
export function decodeWireText(text: string, encoding: 'base58' | 'base64'): Uint8Array {
  const maxEncoded = encoding === 'base64' ? 1644 : 1683
  if (text.length > maxEncoded)
    throw invalidParams(
      `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${text.length} bytes (max: encoded/raw ${maxEncoded}/${PACKET_DATA_SIZE})`,
    )
  try {
    if (encoding === 'base58') return base58.decode(text)
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new Error('invalid base64')
    return new Uint8Array(Buffer.from(text, 'base64'))
  } catch {
    throw invalidParams(`invalid ${encoding} encoding: the transaction is not ${encoding} text`)
  }
}

/** Decodes a wire transaction; anything a node could not deserialize is a -32602. */
export function decodeTransaction(bytes: Uint8Array): WireTransaction {
  if (bytes.length > PACKET_DATA_SIZE) throw invalidParams(`transaction too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`)
  let transaction: Transaction
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    transaction = getTransactionDecoder().decode(bytes)
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    // Trailing bytes would make two different byte strings one transaction.
    if (getTransactionEncoder().encode(transaction).length !== bytes.length) throw new Error('trailing bytes after the transaction')
  } catch (error) {
    throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${(error as Error).message}`)
  }
  if (message.version === 1)
    throw new RpcError(
      RPC_ERRORS.invalidParams,
      'Transaction version 1 is not supported by this node: send a legacy or version 0 transaction',
    )
  const signatures = Object.values(transaction.signatures)
  const first = signatures[0]
  if (
    message.header.numSignerAccounts === 0 ||
    signatures.length !== message.header.numSignerAccounts ||
    message.staticAccounts.length < signatures.length
  )
    throw invalidParams('invalid transaction: Transaction failed to sanitize accounts offsets correctly')
  return { transaction, message, signature: first ? base58.encode(first) : base58.encode(new Uint8Array(64)), bytes }
}

/** Every required signer signed the message bytes (ed25519, strict as the validator checks). */
export function signaturesValid(wire: WireTransaction): boolean {
  const { message, transaction } = wire
  for (let i = 0; i < message.header.numSignerAccounts; i++) {
    const signer = message.staticAccounts[i]!
    const signature = transaction.signatures[signer]
    if (!signature) return false
    try {
      if (!ed25519.verify(signature, transaction.messageBytes as unknown as Uint8Array, base58.decode(signer), { zip215: false }))
        return false
    } catch {
      return false
    }
  }
  return true
}

export const signatureVerificationFailure = () =>
  new RpcError(RPC_ERRORS.signatureVerificationFailure, 'Transaction signature verification failure')
