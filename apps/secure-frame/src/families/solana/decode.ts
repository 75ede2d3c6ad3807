import { getNetwork } from '@airlock/chains'
import { base58 } from '@scure/base'
import { decodeWireTransaction, missingSigners, WireError, type SolanaMessage, type WireTransaction } from './wire'
import { invalidRequest, type NetworkLabel, type RequestDecoder } from '../../display/decoded'
import { decodeMessage } from '../../display/message'
import { decodeSiwx } from '../../display/siwx'
import {
  COMPUTE_BUDGET_PROGRAM,
  decodeInstruction,
  SOL_DECIMALS,
  solAmount,
  type DecodedSolanaInstruction,
  type InstructionAccount,
} from './instructions'
import { knownMint } from './tokens'

/** What the cluster charges per signature (the same on mainnet, devnet and testnet). */
const LAMPORTS_PER_SIGNATURE = 5000n
/** The compute limit a transaction gets without SetComputeUnitLimit is at most this per instruction, and never above the cap. */
const MAX_DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n

/** A Solana transaction as the confirmation shows it. */
export interface DecodedSolanaTransaction {
  version: 'legacy' | 0
  feePayer: string
  /** The signers besides this wallet that have not signed yet (solana_signTransaction signs its part only). */
  otherSigners: string[]
  instructions: DecodedSolanaInstruction[]
  /** '0.000005 SOL': 5,000 lamports a signature plus the priority fee, paid by the fee payer. */
  feeText: string
  /** The fee holds a priority fee over a compute limit the transaction does not set: it is a bound, not the fee. */
  feeIsMax: boolean
  /** Accounts loaded from address lookup tables (v0), which the frame cannot read. */
  lookedUpAccounts: number
}

/** The kind only Solana decodes (render.ts draws it). */
export type SolanaKind = { kind: 'solanaTransaction'; transaction: DecodedSolanaTransaction }

export function solanaNetworkLabel(cluster: `solana:${string}`): NetworkLabel {
  const network = getNetwork(cluster)
  const native = { symbol: 'SOL', decimals: SOL_DECIMALS }
  return network
    ? { chainId: cluster, name: network.name, native }
    : { chainId: cluster, name: `Solana cluster ${cluster.slice('solana:'.length)}`, native }
}

/** solana_signMessage: the bytes as UTF-8 text, or hex when they are not text; the transactions decoded. */
export const decodeSolanaRequest: RequestDecoder<`solana:${string}`, SolanaKind> = (request, context) => {
  const network = solanaNetworkLabel(request.chainId)
  const common = { method: request.method, network, warnings: [] as string[] }
  const invalid = (error: string) => invalidRequest(common, request.params, error)
  const params = typeof request.params === 'object' && request.params !== null ? (request.params as Record<string, unknown>) : {}
  switch (request.method) {
    case 'solana_signMessage': {
      const { message, pubkey } = params
      if (typeof message !== 'string' || typeof pubkey !== 'string') return invalid('The message to sign is missing.')
      let bytes: Uint8Array
      try {
        bytes = base58.decode(message)
      } catch {
        return invalid('The message is not base58.')
      }
      if (pubkey !== request.from)
        common.warnings.push(`The request names the account ${pubkey.slice(0, 44)}, which is not your account ${request.from}.`)
      const decoded = decodeMessage(`0x${toHex(bytes)}`)
      const siwx = decodeSiwx(
        decoded,
        { ...context, chainId: request.chainId, networkName: network.name, from: request.from },
        common.warnings,
      )
      return { ...common, kind: 'message', message: decoded, address: pubkey, ...(siwx ? { siwx } : {}) }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      if (typeof params.transaction !== 'string') return invalid('The transaction is missing.')
      let wire: WireTransaction
      try {
        wire = decodeWireTransaction(params.transaction)
      } catch (error) {
        return invalid(error instanceof WireError ? `${error.message}.` : 'The transaction cannot be read.')
      }
      const transaction = decodeTransaction(wire, request.chainId, request.from, common.warnings)
      return { ...common, kind: 'solanaTransaction', transaction }
    }
    default:
      return invalid(`${request.method} cannot be confirmed here.`)
  }
}

function decodeTransaction(wire: WireTransaction, cluster: `solana:${string}`, from: string, warnings: string[]): DecodedSolanaTransaction {
  const { message } = wire
  const accounts = accountsOf(message)
  const mints = (mint: string) => knownMint(cluster, mint)
  const instructions = message.instructions.map((instruction) =>
    decodeInstruction(
      accounts[instruction.programAddressIndex]!.label,
      (instruction.accountIndices ?? []).map((index) => accounts[index]!),
      instruction.data ?? new Uint8Array(),
      mints,
    ),
  )
  instructions.forEach((instruction, index) => {
    if (instruction.kind !== 'other') return
    const what = instruction.programName
      ? `${instruction.programName}${instruction.instructionName ? `: ${instruction.instructionName}` : ''}`
      : `program ${instruction.programId}`
    warnings.push(`Instruction ${index + 1} (${what}) is not one this wallet can show: approve only if you trust this site.`)
  })
  const feePayer = wire.signers[0]!
  if (!wire.signers.includes(from)) warnings.push(`This transaction does not need your account ${from} to sign it.`)
  const lookedUpAccounts = accounts.length - message.staticAccounts.length
  if (lookedUpAccounts > 0)
    warnings.push(
      `${lookedUpAccounts} account${lookedUpAccounts === 1 ? '' : 's'} come from address lookup tables this wallet cannot read: they are shown by table and position.`,
    )
  const { lamports, isMax } = feeOf(message, instructions)
  return {
    version: message.version,
    feePayer,
    otherSigners: missingSigners(wire, from),
    instructions,
    feeText: solAmount(lamports),
    feeIsMax: isMax,
    lookedUpAccounts,
  }
}

/** Every account index of the message, in a node's order: static keys, then looked-up writable, then looked-up read-only. */
function accountsOf(message: SolanaMessage): InstructionAccount[] {
  const accounts: InstructionAccount[] = message.staticAccounts.map((address) => ({ label: address, address }))
  const lookups = message.version === 0 ? (message.addressTableLookups ?? []) : []
  for (const which of ['writableIndexes', 'readonlyIndexes'] as const)
    for (const lookup of lookups)
      for (const index of lookup[which]) accounts.push({ label: `${lookup.lookupTableAddress} #${index}`, address: undefined })
  return accounts
}

/**
 * The fee the fee payer pays: 5,000 lamports a signature, plus the priority fee (micro-lamports per
 * compute unit times the limit, rounded up). Without SetComputeUnitLimit the limit depends on the
 * programs; 200,000 units an instruction is the most it can be.
 */
function feeOf(message: SolanaMessage, instructions: DecodedSolanaInstruction[]): { lamports: bigint; isMax: boolean } {
  const price = instructions.find((instruction) => instruction.kind === 'computeUnitPrice')?.microLamports ?? 0n
  const limit = instructions.find((instruction) => instruction.kind === 'computeUnitLimit')?.units
  const base = LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)
  if (price === 0n) return { lamports: base, isMax: false }
  const budgeted = message.instructions.filter(
    (instruction) => message.staticAccounts[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM,
  )
  const defaultLimit = MAX_DEFAULT_UNITS_PER_INSTRUCTION * BigInt(budgeted.length)
  const units = limit !== undefined ? BigInt(limit) : defaultLimit
  const capped = units > MAX_COMPUTE_UNIT_LIMIT ? MAX_COMPUTE_UNIT_LIMIT : units
  return { lamports: base + (price * capped + 999_999n) / 1_000_000n, isMax: limit === undefined }
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
