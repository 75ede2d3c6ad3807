import {
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit'

/** A blockhash lifetime for transactions that are only decoded, never sent. */
export const OFFLINE_LIFETIME = { blockhash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG' as Blockhash, lastValidBlockHeight: 100n }

/**
 * `instructions` as a dapp hands them to a wallet: compiled, unsigned, base64 (kit). v0 by default;
 * `lookups` moves the accounts it can into address lookup tables.
 */
export function wireTransaction(
  instructions: readonly Instruction[],
  options: {
    feePayer: Address
    version?: 0 | 'legacy'
    lifetime?: { blockhash: Blockhash; lastValidBlockHeight: bigint }
    lookups?: Record<Address, Address[]>
  },
): string {
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayer(options.feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(options.lifetime ?? OFFLINE_LIFETIME, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const compiled = options.lookups ? compressTransactionMessageUsingAddressLookupTables(message as never, options.lookups) : message
  return getBase64EncodedWireTransaction(compileTransaction(compiled as typeof message))
}
