import { identifySystemInstruction, parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS, SystemInstruction } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  identifyTokenInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { formatUnits } from '@airlock/chains'
import type { AccountMeta, Address, ReadonlyUint8Array } from '@solana/kit'
import { groupDigits, type TokenInfo } from '../../display/amounts'

/**
 * The instructions of a Solana transaction, read for the confirmation: SOL transfers, SPL Token
 * (and Token-2022) transfers, associated token accounts made for someone, and the compute budget
 * (the priority fee). Any other instruction, and one of these programs' other instructions, is
 * listed by its program (and name, where the program is known) for the user to judge.
 */

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

export const PROGRAM_NAMES: Readonly<Record<string, string>> = {
  [SYSTEM_PROGRAM_ADDRESS]: 'System Program',
  [TOKEN_PROGRAM_ADDRESS]: 'Token Program',
  [TOKEN_2022_PROGRAM]: 'Token-2022 Program',
  [ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: 'Associated Token Account Program',
  [COMPUTE_BUDGET_PROGRAM]: 'Compute Budget Program',
  [MEMO_PROGRAM]: 'Memo Program',
}

/** An account an instruction names: its address, or where a v0 transaction loads it from. */
export interface InstructionAccount {
  /** The address, or `<table> #<index>` for an account of an address lookup table (the frame cannot read tables). */
  label: string
  /** Absent for a looked-up account. */
  address: string | undefined
}

export type DecodedSolanaInstruction =
  | { kind: 'solTransfer'; from: InstructionAccount; to: InstructionAccount; lamports: bigint; amountText: string }
  | {
      kind: 'tokenTransfer'
      programName: string
      source: InstructionAccount
      destination: InstructionAccount
      authority: InstructionAccount
      amount: bigint
      /** '1.5 USDC' (transferChecked, a mint the frame knows), '1.5' (its decimals only), '1,500,000 base units' (plain transfer). */
      amountText: string
      /** transferChecked names the mint and its decimals; a plain transfer names neither. */
      mint: InstructionAccount | undefined
      decimals: number | undefined
    }
  | {
      kind: 'createTokenAccount'
      idempotent: boolean
      payer: InstructionAccount
      account: InstructionAccount
      owner: InstructionAccount
      mint: InstructionAccount
    }
  | { kind: 'computeUnitLimit'; units: number }
  | { kind: 'computeUnitPrice'; microLamports: bigint; priceText: string }
  | {
      kind: 'other'
      programId: string
      /** The program's name when known ('System Program'), with the instruction's where it is one of a known program's. */
      programName: string | undefined
      instructionName: string | undefined
      accounts: InstructionAccount[]
      dataLength: number
    }

export const SOL_DECIMALS = 9

export function solAmount(lamports: bigint): string {
  return `${groupDigits(formatUnits(lamports, SOL_DECIMALS))} SOL`
}

/** A token's symbol and decimals by mint, where the frame knows the mint on this cluster. */
export type MintLookup = (mint: string) => TokenInfo | undefined

/** Decodes one instruction; anything it cannot read in full is `other`. */
export function decodeInstruction(
  programId: string,
  accounts: InstructionAccount[],
  data: ReadonlyUint8Array,
  mints: MintLookup,
): DecodedSolanaInstruction {
  const other = (instructionName?: string): DecodedSolanaInstruction => ({
    kind: 'other',
    programId,
    programName: PROGRAM_NAMES[programId],
    instructionName,
    accounts,
    dataLength: data.length,
  })
  try {
    switch (programId) {
      case SYSTEM_PROGRAM_ADDRESS:
        return systemInstruction(accounts, data) ?? other(nameOf(SystemInstruction, () => identifySystemInstruction(data)))
      case TOKEN_PROGRAM_ADDRESS:
      case TOKEN_2022_PROGRAM:
        return tokenInstruction(programId, accounts, data, mints) ?? other(nameOf(TokenInstruction, () => identifyTokenInstruction(data)))
      case ASSOCIATED_TOKEN_PROGRAM_ADDRESS:
        return createTokenAccount(accounts, data) ?? other()
      case COMPUTE_BUDGET_PROGRAM:
        return computeBudget(data) ?? other()
      default:
        return other()
    }
  } catch {
    // Data too short for its layout, or too few accounts: not what it claims to be.
    return other()
  }
}

/** The program packages' parsers read accounts by position; they never look at the addresses. */
const metas = (accounts: InstructionAccount[]) => accounts.map((account) => ({ address: account.label as Address, role: 0 }) as AccountMeta)
const accountOf = (accounts: InstructionAccount[], meta: AccountMeta | undefined) =>
  accounts.find((account) => account.label === meta?.address) ?? { label: String(meta?.address), address: undefined }

function systemInstruction(accounts: InstructionAccount[], data: ReadonlyUint8Array): DecodedSolanaInstruction | undefined {
  if (identifySystemInstruction(data) !== SystemInstruction.TransferSol) return undefined
  const parsed = parseTransferSolInstruction({ programAddress: SYSTEM_PROGRAM_ADDRESS, accounts: metas(accounts), data })
  const lamports = parsed.data.amount
  return { kind: 'solTransfer', from: accounts[0]!, to: accounts[1]!, lamports, amountText: solAmount(lamports) }
}

function tokenInstruction(
  programId: string,
  accounts: InstructionAccount[],
  data: ReadonlyUint8Array,
  mints: MintLookup,
): DecodedSolanaInstruction | undefined {
  const instruction = { programAddress: programId as Address, accounts: metas(accounts), data }
  /** transfer names no mint, so its amount stays in base units; transferChecked names the mint and its decimals. */
  const transfer = (
    named: { source: AccountMeta; destination: AccountMeta; authority: AccountMeta; mint?: AccountMeta },
    amount: bigint,
    decimals?: number,
  ): DecodedSolanaInstruction => {
    const mint = named.mint && accountOf(accounts, named.mint)
    // The decimals are the instruction's (the program refuses a transfer whose decimals are not the mint's).
    const symbol = mint?.address ? mints(mint.address)?.symbol : undefined
    return {
      kind: 'tokenTransfer',
      programName: PROGRAM_NAMES[programId]!,
      source: accountOf(accounts, named.source),
      destination: accountOf(accounts, named.destination),
      authority: accountOf(accounts, named.authority),
      amount,
      amountText:
        decimals === undefined
          ? `${groupDigits(amount.toString())} base units`
          : `${groupDigits(formatUnits(amount, decimals))}${symbol ? ` ${symbol}` : ''}`,
      mint,
      decimals,
    }
  }
  switch (identifyTokenInstruction(data)) {
    case TokenInstruction.Transfer: {
      const parsed = parseTransferInstruction(instruction)
      return transfer(parsed.accounts, parsed.data.amount)
    }
    case TokenInstruction.TransferChecked: {
      const parsed = parseTransferCheckedInstruction(instruction)
      return transfer(parsed.accounts, parsed.data.amount, parsed.data.decimals)
    }
    default:
      return undefined
  }
}

/**
 * Create (no data, or 0) and CreateIdempotent (1): payer, the new account, its owner, the mint.
 * Read by hand: the package's parser wants the 0 that older clients leave out.
 */
function createTokenAccount(accounts: InstructionAccount[], data: ReadonlyUint8Array): DecodedSolanaInstruction | undefined {
  if (data.length > 1 || (data.length === 1 && data[0] !== 0 && data[0] !== 1) || accounts.length < 4) return undefined
  const [payer, account, owner, mint] = accounts as [InstructionAccount, InstructionAccount, InstructionAccount, InstructionAccount]
  return { kind: 'createTokenAccount', idempotent: data[0] === 1, payer, account, owner, mint }
}

/** SetComputeUnitLimit (2, u32) and SetComputeUnitPrice (3, u64 micro-lamports per unit), little-endian. */
function computeBudget(data: ReadonlyUint8Array): DecodedSolanaInstruction | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (data[0] === 2 && data.length === 5) return { kind: 'computeUnitLimit', units: view.getUint32(1, true) }
  if (data[0] === 3 && data.length === 9) {
    const microLamports = view.getBigUint64(1, true)
    return {
      kind: 'computeUnitPrice',
      microLamports,
      priceText: `${groupDigits(microLamports.toString())} micro-lamports per compute unit`,
    }
  }
  return undefined
}

function nameOf(names: Record<number, string>, identify: () => number): string | undefined {
  try {
    return names[identify()]
  } catch {
    return undefined
  }
}
