import type { FailedTransactionMetadata } from 'litesvm'
import {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} from 'litesvm/dist/internal'

/**
 * Solana's `TransactionError` as the RPC writes it in JSON (serde's external tagging):
 * `"BlockhashNotFound"`, `{ "InstructionError": [0, { "Custom": 1 }] }`,
 * `{ "InsufficientFundsForRent": { "account_index": 1 } }`. @solana/kit and @solana/web3.js
 * turn these into their own error classes, so the shape must be exact.
 */
export type TransactionErrorJson = string | { [variant: string]: unknown }

// litesvm's fieldless variants, by their enum value (internal.d.ts), named as Solana serializes them.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** Solana's own wording (the Display of TransactionError / InstructionError) for the common cases. */
const TRANSACTION_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
}
const INSTRUCTION_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
}

function instructionErrorJson(error: ReturnType<TransactionErrorInstructionError['err']>): unknown {
  if (error instanceof InstructionErrorCustom) return { Custom: error.code }
  if (error instanceof InstructionErrorBorshIo) return { BorshIoError: error.msg }
  return INSTRUCTION_ERRORS[error as number] ?? 'InvalidError'
}

/** litesvm's error object as the JSON the RPC sends. */
export function transactionErrorJson(failed: FailedTransactionMetadata): TransactionErrorJson {
  const error = failed.err()
  if (error instanceof TransactionErrorInstructionError) return { InstructionError: [error.index, instructionErrorJson(error.err())] }
  if (error instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: error.index }
  if (error instanceof TransactionErrorInsufficientFundsForRent) return { InsufficientFundsForRent: { account_index: error.accountIndex } }
  if (error instanceof TransactionErrorProgramExecutionTemporarilyRestricted)
    return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } }
  return TRANSACTION_ERRORS[error as number] ?? 'SanitizeFailure'
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()

/** What a person can read: Solana's wording, plus what the devnet knows that helps explain it. */
export interface ErrorContext {
  /** The message's static account keys, to name the account an error points at. */
  accountKeys: readonly string[]
  /** The rent-exempt minimum of an account with no data, in lamports. */
  rentExemptMinimum: bigint
  logs: readonly string[]
}

export function describeTransactionError(error: TransactionErrorJson, context: ErrorContext): string {
  if (typeof error === 'string') return TRANSACTION_TEXT[error] ?? words(error)
  const [variant, value] = Object.entries(error)[0] ?? ['', undefined]
  if (variant === 'InstructionError' && Array.isArray(value)) {
    const [index, inner] = value as [number, unknown]
    let text: string
    if (typeof inner === 'string') text = INSTRUCTION_TEXT[inner] ?? words(inner)
    else if (inner && typeof inner === 'object' && 'Custom' in inner) {
      // The program's own explanation is in its last "Program log: Error: …" line (SPL Token writes one).
      const reason = [...context.logs].reverse().find((line) => line.startsWith('Program log: Error: '))
      text = `custom program error: 0x${Number(inner.Custom).toString(16)}${reason ? ` (${reason.slice('Program log: Error: '.length)})` : ''}`
    } else text = `${JSON.stringify(inner)}`
    return `Error processing Instruction ${index}: ${text}`
  }
  if (variant === 'InsufficientFundsForRent' || variant === 'ProgramExecutionTemporarilyRestricted') {
    const accountIndex = (value as { account_index: number }).account_index
    if (variant === 'ProgramExecutionTemporarilyRestricted')
      return `Execution of the program referenced by account at index ${accountIndex} is temporarily restricted.`
    const account = context.accountKeys[accountIndex]
    const minimum = Number(context.rentExemptMinimum) / 1e9
    // Solana's sentence first (clients match on it), then what to do about it.
    return (
      `Transaction results in an account (${accountIndex}) with insufficient funds for rent: ` +
      `${account ?? 'an account'} would hold less than the rent-exempt minimum of ${minimum} SOL; ` +
      `a new account must receive at least ${minimum} SOL`
    )
  }
  if (variant === 'DuplicateInstruction') return `Transaction contains a duplicate instruction (${String(value)}) that is not allowed`
  return words(variant)
}
