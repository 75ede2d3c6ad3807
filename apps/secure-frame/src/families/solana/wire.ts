import { base58, base64 } from '@scure/base'
import {
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  type LegacyCompiledTransactionMessage,
  type Transaction,
  type V0CompiledTransactionMessage,
} from '@solana/kit'

/**
 * Solana wire transactions as the frame checks, signs and shows them: the bytes a dapp hands over
 * (base64), decoded strictly, so that what the frame shows and signs is the one reading of them a
 * node would take.
 */

/** Largest serialized transaction a cluster accepts (one UDP packet). */
export const PACKET_DATA_SIZE = 1232

/** The two message versions clusters run: legacy and v0 (address lookup tables). */
export type SolanaMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & CompiledTransactionMessageWithLifetime

export interface WireTransaction {
  transaction: Transaction
  /** What each signer signs. */
  messageBytes: Uint8Array
  message: SolanaMessage
  /** The accounts whose signatures the message requires, fee payer first. */
  signers: string[]
}

export class WireError extends Error {
  override readonly name = 'WireError'
}

/** A base64 transaction, decoded; WireError says why one is not a transaction a cluster would take. */
export function decodeWireTransaction(text: string): WireTransaction {
  let bytes: Uint8Array
  try {
    bytes = base64.decode(text)
  } catch {
    throw new WireError('The transaction is not base64')
  }
  if (bytes.length > PACKET_DATA_SIZE)
    throw new WireError(`The transaction is ${bytes.length} bytes, more than the ${PACKET_DATA_SIZE} a cluster takes`)
  let transaction: Transaction
  let decoded: CompiledTransactionMessage
  try {
    transaction = getTransactionDecoder().decode(bytes)
    decoded = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  } catch {
    throw new WireError('The transaction does not deserialize')
  }
  if (decoded.version !== 'legacy' && decoded.version !== 0)
    throw new WireError(`Transaction version ${String(decoded.version)} is not supported`)
  const message = decoded as SolanaMessage
  // The message takes the rest of the bytes: bytes after its end would be signed but never read.
  if (getCompiledTransactionMessageEncoder().encode(message).length !== transaction.messageBytes.length)
    throw new WireError('The transaction has bytes after its message')
  checkIndexes(message)
  const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts) as string[]
  return { transaction, messageBytes: new Uint8Array(transaction.messageBytes), message, signers }
}

/** Every index a node would follow points at an account the message lists (static or looked up). */
function checkIndexes(message: SolanaMessage): void {
  const { header, staticAccounts } = message
  const lookups = message.version === 0 ? (message.addressTableLookups ?? []) : []
  const loaded = lookups.reduce((count, lookup) => count + lookup.readonlyIndexes.length + lookup.writableIndexes.length, 0)
  const total = staticAccounts.length + loaded
  const sane =
    header.numSignerAccounts > 0 &&
    header.numSignerAccounts <= staticAccounts.length &&
    header.numReadonlySignerAccounts < header.numSignerAccounts &&
    header.numSignerAccounts + header.numReadonlyNonSignerAccounts <= staticAccounts.length &&
    new Set(staticAccounts).size === staticAccounts.length &&
    message.instructions.every(
      (instruction) =>
        instruction.programAddressIndex > 0 &&
        instruction.programAddressIndex < staticAccounts.length &&
        (instruction.accountIndices ?? []).every((index) => index < total),
    )
  if (!sane) throw new WireError('The transaction does not deserialize: its accounts are inconsistent')
}

/** The transaction with `signature` (64 bytes) in `signer`'s place, as base64. */
export function withSignature(wire: WireTransaction, signer: string, signature: Uint8Array): string {
  const signatures = { ...wire.transaction.signatures, [signer]: signature }
  return base64.encode(new Uint8Array(getTransactionEncoder().encode({ ...wire.transaction, signatures } as Transaction)))
}

/** The signers that have not signed yet (no signature, or the all-zero placeholder). */
export function missingSigners(wire: WireTransaction, except: string): string[] {
  return wire.signers.filter((signer) => {
    if (signer === except) return false
    const signature = (wire.transaction.signatures as Record<string, Uint8Array | null>)[signer]
    return !signature || signature.every((byte) => byte === 0)
  })
}

/** The transaction's id: its first signature, base58. */
export function transactionId(wire: WireTransaction, ours: { signer: string; signature: Uint8Array }): string {
  const first = wire.signers[0]!
  const signature = first === ours.signer ? ours.signature : (wire.transaction.signatures as Record<string, Uint8Array | null>)[first]
  return base58.encode(signature ?? new Uint8Array(64))
}

/**
 * Whether `bytes` are a transaction message that `signer` would sign: signing them as a "message"
 * would sign that transaction blind (the prompt could only show hex).
 */
export function isTransactionMessageFor(bytes: Uint8Array, signer: string): boolean {
  try {
    const message = getCompiledTransactionMessageDecoder().decode(bytes)
    return message.staticAccounts.slice(0, message.header.numSignerAccounts).includes(signer as never)
  } catch {
    return false
  }
}
