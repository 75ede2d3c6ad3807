import { base58 } from '@scure/base'
import { getTransactionEncoder } from '@solana/kit'
import { parseInstruction } from './instruction-parser'
import type { InnerInstructionRecord, LandedTransaction } from './ledger'
import { RPC_ERRORS, RpcError } from './rpc-error'
import type { Message } from './wire'

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58'

export interface TransactionQuery {
  encoding: TransactionEncoding
  /** Absent: the client reads legacy transactions only (a v0 one is then an error, as on a node). */
  maxSupportedTransactionVersion?: number
}

const header = (message: Message) => ({
  numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
  numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
  numRequiredSignatures: message.header.numSignerAccounts,
})

function isWritable(message: Message, index: number): boolean {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  if (index < numSignerAccounts) return index < numSignerAccounts - numReadonlySignerAccounts
  return index < message.staticAccounts.length - numReadonlyNonSignerAccounts
}

const addressTableLookups = (message: Message) =>
  message.version === 0
    ? {
        addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
          accountKey: lookup.lookupTableAddress,
          readonlyIndexes: lookup.readonlyIndexes,
          writableIndexes: lookup.writableIndexes,
        })),
      }
    : {}

/** A compiled instruction (top level or inner) as `json` writes it, or parsed as `jsonParsed` does. */
function instructionJson(
  message: Message,
  encoding: 'json' | 'jsonParsed',
  instruction: InnerInstructionRecord | { programIdIndex: number; accounts: number[]; data: Uint8Array; stackHeight: null },
) {
  if (encoding === 'json')
    return {
      programIdIndex: instruction.programIdIndex,
      accounts: instruction.accounts,
      data: base58.encode(instruction.data),
      stackHeight: instruction.stackHeight,
    }
  const keys = message.staticAccounts
  const programId = keys[instruction.programIdIndex] ?? ''
  return {
    ...parseInstruction(
      programId,
      instruction.accounts.map((index) => keys[index] ?? ''),
      instruction.data,
    ),
    stackHeight: instruction.stackHeight,
  }
}

function transactionBody(landed: LandedTransaction, encoding: TransactionEncoding) {
  if (encoding === 'base64' || encoding === 'base58') {
    const bytes = getTransactionEncoder().encode(landed.transaction) as Uint8Array
    return [encoding === 'base64' ? Buffer.from(bytes).toString('base64') : base58.encode(bytes), encoding]
  }
  const { message } = landed
  const signatures = Object.values(landed.transaction.signatures).map((signature) => (signature ? base58.encode(signature) : ''))
  const instructions = message.instructions.map((instruction) =>
    instructionJson(message, encoding, {
      programIdIndex: instruction.programAddressIndex,
      accounts: instruction.accountIndices ?? [],
      data: (instruction.data ?? new Uint8Array()) as Uint8Array,
      stackHeight: null,
    }),
  )
  if (encoding === 'json')
    return {
      signatures,
      message: {
        accountKeys: message.staticAccounts,
        header: header(message),
        recentBlockhash: message.lifetimeToken,
        instructions,
        ...addressTableLookups(message),
      },
    }
  const accountKeys = message.staticAccounts.map((pubkey, index) => ({
    pubkey,
    signer: index < message.header.numSignerAccounts,
    source: 'transaction',
    writable: isWritable(message, index),
  }))
  return { signatures, message: { accountKeys, recentBlockhash: message.lifetimeToken, instructions, ...addressTableLookups(message) } }
}

function metaJson(landed: LandedTransaction, query: TransactionQuery) {
  const encoding = query.encoding === 'jsonParsed' ? 'jsonParsed' : 'json'
  return {
    err: landed.err,
    status: landed.err === null ? { Ok: null } : { Err: landed.err },
    fee: landed.fee,
    preBalances: landed.preBalances,
    postBalances: landed.postBalances,
    innerInstructions: landed.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: instructions.map((instruction) => instructionJson(landed.message, encoding, instruction)),
    })),
    logMessages: landed.logs,
    preTokenBalances: landed.preTokenBalances,
    postTokenBalances: landed.postTokenBalances,
    rewards: [],
    computeUnitsConsumed: landed.computeUnitsConsumed,
    // Lookup tables are not resolved by this devnet: every account is a static key.
    ...(query.maxSupportedTransactionVersion !== undefined && encoding === 'json'
      ? { loadedAddresses: { readonly: [], writable: [] } }
      : {}),
  }
}

/** getTransaction's answer for a landed transaction. */
export function transactionJson(landed: LandedTransaction, query: TransactionQuery) {
  const version = landed.message.version
  if (version !== 'legacy' && (query.maxSupportedTransactionVersion === undefined || query.maxSupportedTransactionVersion < version))
    throw new RpcError(
      RPC_ERRORS.unsupportedTransactionVersion,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    )
  return {
    slot: landed.slot,
    blockTime: landed.blockTime,
    meta: metaJson(landed, query),
    transaction: transactionBody(landed, query.encoding),
    ...(query.maxSupportedTransactionVersion !== undefined ? { version } : {}),
  }
}
