import { parseCaipAddress } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type Transaction,
} from '@solana/kit'
import type { NodeRpc, Transfer } from '../types'
import { isSolanaAddress } from './address'
import { accountsOf, rentExemptMinimum, type AccountFacts, type BlockhashLifetime } from './node'

/**
 * What the Send form's transfer is on Solana: a System transfer of lamports, or an SPL token's
 * transferChecked from the sender's associated token account (ATA) to the receiver's, creating the
 * receiver's first when it has none. The token program (Token or Token-2022) is the mint's owner.
 */

export const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS])
/** A Token account; a Token-2022 ATA is larger (ImmutableOwner, and what the mint's extensions require). */
const TOKEN_ACCOUNT_SIZE = 165
const TOKEN_2022_ACCOUNT_MIN_SIZE = 170

const invalid = (message: string) => new ProviderRpcError(RpcErrorCode.InvalidParams, message)

/** The mint of `token.address` (plain or CAIP-10 on the transfer's network). */
export function mintOf(tokenAddress: string, caipNetworkId: string): Address {
  const caip = tokenAddress.includes(':') ? parseCaipAddress(tokenAddress) : undefined
  if (caip && caip.caipNetworkId !== caipNetworkId) throw invalid(`The token ${tokenAddress.slice(0, 200)} is not on ${caipNetworkId}`)
  const mint = caip ? caip.address : tokenAddress
  if (!isSolanaAddress(mint)) throw invalid(`Not a Solana token mint: ${tokenAddress.slice(0, 200)}`)
  return address(mint)
}

export interface TransferPlan {
  instructions: Instruction[]
  /** The receiver's account; null while it does not exist. */
  receiver: AccountFacts | null
  /** Lamports the sender deposits in the receiver's new token account (its rent-exempt minimum); 0 when none is created. */
  deposit: bigint
  /** A token transfer's source, the sender's ATA; null when the sender has none. */
  source?: AccountFacts | null
}

/** The instructions of `transfer` and the accounts they touch, read from the node. */
export async function planTransfer(rpc: NodeRpc, transfer: Transfer): Promise<TransferPlan> {
  const { caipNetworkId, amount } = transfer
  if (!isSolanaAddress(transfer.from) || !isSolanaAddress(transfer.to)) throw invalid('Not a Solana address')
  const from = createNoopSigner(address(transfer.from))
  const to = address(transfer.to)
  if (!transfer.token) {
    const [receiver] = await accountsOf(rpc, caipNetworkId, [to])
    return { instructions: [getTransferSolInstruction({ source: from, destination: to, amount })], receiver: receiver ?? null, deposit: 0n }
  }
  const mint = mintOf(transfer.token.address, caipNetworkId)
  const [mintAccount, receiver = null] = await accountsOf(rpc, caipNetworkId, [mint, to])
  if (!mintAccount || !TOKEN_PROGRAMS.has(mintAccount.owner)) throw invalid(`${mint} is not a token mint on ${caipNetworkId}`)
  const tokenProgram = address(mintAccount.owner)
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner: from.address, mint, tokenProgram }),
    findAssociatedTokenPda({ owner: to, mint, tokenProgram }),
  ])
  const [sourceAccount = null, destinationAccount] = await accountsOf(rpc, caipNetworkId, [source, destination])
  const instructions: Instruction[] = []
  let deposit = 0n
  if (!destinationAccount) {
    // The receiver's ATA is as large as the sender's (same mint, same program): its rent is that size's.
    const size = tokenProgram === TOKEN_PROGRAM_ADDRESS ? TOKEN_ACCOUNT_SIZE : Number(sourceAccount?.space ?? TOKEN_2022_ACCOUNT_MIN_SIZE)
    deposit = await rentExemptMinimum(rpc, caipNetworkId, size)
    // Idempotent: a receiver who gets the account between this read and the send does not fail the transfer.
    instructions.push(getCreateAssociatedTokenIdempotentInstruction({ payer: from, ata: destination, owner: to, mint, tokenProgram }))
  }
  instructions.push(
    getTransferCheckedInstruction(
      { source, mint, destination, authority: from, amount, decimals: transfer.token.decimals },
      { programAddress: tokenProgram },
    ),
  )
  return { instructions, receiver, deposit, source: sourceAccount }
}

/** The unsigned legacy transaction of `instructions`, the sender paying the fee (pure). */
export function compileTransfer(instructions: readonly Instruction[], from: string, lifetime: BlockhashLifetime): Transaction {
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 'legacy' }),
      (message) => setTransactionMessageFeePayer(address(from), message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
    ),
  )
}

/** Whether an account belongs to a token program (a token account or a mint), not to a wallet. */
export const isTokenProgramAccount = (account: AccountFacts | null): boolean => !!account && TOKEN_PROGRAMS.has(account.owner)
