import { EventEmitter } from 'node:events'
import {
  getCompiledTransactionMessageEncoder,
  type Address,
  type Blockhash,
  type EncodedAccount,
  type MaybeEncodedAccount,
  type Transaction,
  type TransactionMessageBytes,
} from '@solana/kit'
import { Clock, FailedTransactionMetadata, type LiteSVM, type TransactionMetadata } from 'litesvm'
import { computeBudgetOf, feeFor } from './fees'
import type { Genesis } from './genesis'
import { RPC_ERRORS, RpcError } from './rpc-error'
import { readMint, readTokenAccount, uiTokenAmount, type UiTokenAmount } from './token-layout'
import { describeTransactionError, transactionErrorJson, type TransactionErrorJson } from './transaction-errors'
import { signatureVerificationFailure, signaturesValid, type Message, type WireTransaction } from './wire'

/** A blockhash stays usable for this many blocks after the one that produced it, as on a real cluster. */
export const BLOCKHASH_VALIDITY = 150n
export const SLOTS_PER_EPOCH = 432_000n
/** Landed transactions kept for getTransaction / getSignaturesForAddress (oldest dropped first). */
const MAX_RECORDS = 100_000

export interface TokenBalance {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

export interface InnerInstructionRecord {
  programIdIndex: number
  accounts: number[]
  data: Uint8Array
  stackHeight: number
}

/** A transaction the ledger executed (successfully or not: a failed one still paid its fee). */
export interface LandedTransaction {
  signature: string
  /** Position in the ledger: orders transactions within and across slots. */
  sequence: number
  slot: bigint
  /** Unix seconds (the wall clock when it ran). */
  blockTime: number
  transaction: Transaction
  message: Message
  err: TransactionErrorJson | null
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logs: string[]
  innerInstructions: { index: number; instructions: InnerInstructionRecord[] }[]
  computeUnitsConsumed: bigint
  /** Micro-lamports per compute unit it offered (getRecentPrioritizationFees). */
  computeUnitPrice: bigint
}

export interface SimulationResult {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: bigint
  innerInstructions: LandedTransaction['innerInstructions']
  /** Account states after the simulated transaction, for the addresses the caller asked about. */
  postAccounts: Map<string, EncodedAccount>
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: bigint } | null
}

export interface LedgerEvents {
  slot: [slot: bigint]
  transaction: [landed: LandedTransaction]
}

/**
 * The chain around litesvm: slots, the window of valid blockhashes, fees, balances before and
 * after each transaction, the history and an index of each address's signatures (a real node's
 * blockstore, which litesvm does not keep). One transaction per slot: each landing advances the
 * slot, moves the clock to the wall clock and makes a new blockhash.
 */
export class Ledger extends EventEmitter<LedgerEvents> {
  readonly svm: LiteSVM
  private currentSlot = 0n
  private readonly blockhashes = new Map<string, bigint>()
  private readonly records = new Map<string, LandedTransaction>()
  private readonly byAddress = new Map<string, LandedTransaction[]>()
  private readonly decimals = new Map<string, number>()
  private sequence = 0

  constructor(genesis: Genesis) {
    super()
    this.svm = genesis.svm
    this.setClock()
    this.blockhashes.set(this.svm.latestBlockhash(), 0n)
  }

  get slot(): bigint {
    return this.currentSlot
  }

  /** No slot is ever skipped, so the block height is the slot. */
  get blockHeight(): bigint {
    return this.currentSlot
  }

  get transactionCount(): number {
    return this.sequence
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.blockhashes.get(blockhash)! + BLOCKHASH_VALIDITY }
  }

  isBlockhashValid(blockhash: string): boolean {
    const issued = this.blockhashes.get(blockhash)
    return issued !== undefined && this.currentSlot <= issued + BLOCKHASH_VALIDITY
  }

  account(address: Address): MaybeEncodedAccount {
    return this.svm.getAccount(address)
  }

  rentExemptMinimum(dataLength: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(dataLength))
  }

  /** Decimals of a mint (they never change once it is initialized), or undefined. */
  mintDecimals(mint: Address): number | undefined {
    const known = this.decimals.get(mint)
    if (known !== undefined) return known
    const account = this.svm.getAccount(mint)
    const decimals = account.exists ? readMint(account)?.decimals : undefined
    if (decimals !== undefined) this.decimals.set(mint, decimals)
    return decimals
  }

  transaction(signature: string): LandedTransaction | undefined {
    return this.records.get(signature)
  }

  /**
   * Newest first. `before` / `until` name any landed transaction (not only this address's), as
   * on a real node: the list continues from that point of the ledger. An unknown one gives [].
   */
  signaturesFor(account: string, options: { limit: number; before?: string; until?: string }): LandedTransaction[] {
    const list = this.byAddress.get(account) ?? []
    const before = options.before === undefined ? Infinity : this.records.get(options.before)?.sequence
    const until = options.until === undefined ? -1 : (this.records.get(options.until)?.sequence ?? -1)
    if (before === undefined) return []
    const out: LandedTransaction[] = []
    for (let i = list.length - 1; i >= 0 && out.length < options.limit; i--) {
      const landed = list[i]!
      if (landed.sequence <= until) break
      if (landed.sequence < before) out.push(landed)
    }
    return out
  }

  /** The last `count` slots' minimum priority fee (one transaction per slot here). */
  recentPrioritizationFees(accounts: readonly string[], count = 150): { slot: bigint; prioritizationFee: bigint }[] {
    const since = this.currentSlot > BigInt(count) ? this.currentSlot - BigInt(count) : 0n
    const bySlot = new Map<bigint, bigint>()
    for (const landed of [...this.records.values()].slice(-count)) {
      if (landed.slot < since || landed.err) continue
      if (accounts.length && !accounts.some((account) => landed.message.staticAccounts.includes(account as Address))) continue
      bySlot.set(landed.slot, landed.computeUnitPrice)
    }
    const out: { slot: bigint; prioritizationFee: bigint }[] = []
    for (let slot = since; slot < this.currentSlot; slot++) out.push({ slot, prioritizationFee: bySlot.get(slot) ?? 0n })
    return out
  }

  /**
   * sendTransaction. Refused outright (nothing lands, nothing is charged): bad signatures
   * (-32003), an expired blockhash, a duplicate, a failed preflight and anything the runtime
   * would not even charge a fee for (-32002 with the error, the program logs and a readable
   * message). A real node silently drops the blockhash and fee cases under skipPreflight; the
   * devnet says so at once instead of letting the client wait for a blockhash to expire.
   */
  submit(wire: WireTransaction, options: { skipPreflight: boolean }): LandedTransaction {
    if (!signaturesValid(wire)) throw signatureVerificationFailure()
    const known = this.records.get(wire.signature)
    if (known && options.skipPreflight) return known
    if (known) throw this.preflightError(wire, 'AlreadyProcessed', [], 0n)
    if (!this.isBlockhashValid(wire.message.lifetimeToken)) throw this.preflightError(wire, 'BlockhashNotFound', [], 0n)
    if (!options.skipPreflight) {
      const simulated = this.svm.simulateTransaction(wire.transaction)
      if (simulated instanceof FailedTransactionMetadata) {
        const meta = simulated.meta()
        throw this.preflightError(wire, transactionErrorJson(simulated), meta.logs(), meta.computeUnitsConsumed())
      }
    }
    this.setClock()
    const keys = wire.message.staticAccounts
    const preBalances = keys.map((key) => this.svm.getBalance(key) ?? 0n)
    const preTokenBalances = this.tokenBalances(keys)
    const result = this.svm.sendTransaction(wire.transaction)
    const meta = result instanceof FailedTransactionMetadata ? result.meta() : result
    const err = result instanceof FailedTransactionMetadata ? transactionErrorJson(result) : null
    // litesvm records what it charged a fee for; anything else never reached a block.
    if (err !== null && this.svm.getTransaction(wire.signature as Parameters<LiteSVM['getTransaction']>[0]) === null)
      throw this.preflightError(wire, err, meta.logs(), meta.computeUnitsConsumed())
    const postBalances = keys.map((key) => this.svm.getBalance(key) ?? 0n)
    const landed: LandedTransaction = {
      signature: wire.signature,
      sequence: this.sequence++,
      slot: this.currentSlot,
      blockTime: Number(this.svm.getClock().unixTimestamp),
      transaction: wire.transaction,
      message: wire.message,
      err,
      // Lamports only move between the transaction's accounts: what is missing afterwards is the fee.
      fee: sum(preBalances) - sum(postBalances),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: this.tokenBalances(keys),
      logs: meta.logs(),
      innerInstructions: innerInstructionsOf(meta),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      computeUnitPrice: computeBudgetOf(wire.message).unitPrice,
    }
    this.remember(landed)
    this.advance()
    this.emit('transaction', landed)
    return landed
  }

  /** simulateTransaction: nothing is kept. */
  simulate(
    wire: WireTransaction,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean; accounts: readonly Address[] },
  ): SimulationResult {
    if (options.sigVerify && !signaturesValid(wire)) throw signatureVerificationFailure()
    let transaction = wire.transaction
    let replacementBlockhash: SimulationResult['replacementBlockhash'] = null
    const empty = (err: TransactionErrorJson): SimulationResult => ({
      err,
      logs: [],
      unitsConsumed: 0n,
      innerInstructions: [],
      postAccounts: new Map(),
      replacementBlockhash,
    })
    if (options.replaceRecentBlockhash) {
      replacementBlockhash = this.latestBlockhash()
      const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...wire.message, lifetimeToken: replacementBlockhash.blockhash })
      transaction = { ...transaction, messageBytes: messageBytes as TransactionMessageBytes }
    } else if (!this.isBlockhashValid(wire.message.lifetimeToken)) return empty('BlockhashNotFound')
    if (!options.replaceRecentBlockhash && this.records.has(wire.signature)) return empty('AlreadyProcessed')
    // Simulations are usually of unsigned transactions (fee and compute estimates): litesvm must not check.
    this.svm.withSigverify(false)
    let simulated: ReturnType<LiteSVM['simulateTransaction']>
    try {
      simulated = this.svm.simulateTransaction(transaction)
    } finally {
      this.svm.withSigverify(true)
    }
    if (simulated instanceof FailedTransactionMetadata) {
      const meta = simulated.meta()
      return { ...empty(transactionErrorJson(simulated)), logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() }
    }
    const meta = simulated.meta()
    const wanted = new Set<string>(options.accounts)
    const postAccounts = new Map(
      simulated
        .postAccounts()
        .filter((account) => wanted.has(account.address))
        .map((account) => [account.address, account]),
    )
    return {
      err: null,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: innerInstructionsOf(meta),
      postAccounts,
      replacementBlockhash,
    }
  }

  /** getFeeForMessage: null when the message's blockhash is no longer valid. */
  feeForMessage(message: Message): bigint | null {
    return this.isBlockhashValid(message.lifetimeToken) ? feeFor(message) : null
  }

  private tokenBalances(keys: readonly Address[]): TokenBalance[] {
    const out: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = this.svm.getAccount(key)
      const token = account.exists ? readTokenAccount(account) : undefined
      const decimals = token && this.mintDecimals(token.mint)
      if (!token || decimals === undefined) return
      out.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: token.programId,
        uiTokenAmount: uiTokenAmount(token.amount, decimals),
      })
    })
    return out
  }

  private preflightError(wire: WireTransaction, err: TransactionErrorJson, logs: string[], unitsConsumed: bigint): RpcError {
    const text = describeTransactionError(err, {
      accountKeys: wire.message.staticAccounts,
      rentExemptMinimum: this.rentExemptMinimum(0),
      logs,
    })
    return new RpcError(RPC_ERRORS.preflightFailure, `Transaction simulation failed: ${text}`, {
      err,
      logs,
      accounts: null,
      unitsConsumed,
      returnData: null,
      innerInstructions: null,
      replacementBlockhash: null,
    })
  }

  private remember(landed: LandedTransaction): void {
    this.records.set(landed.signature, landed)
    for (const key of new Set(landed.message.staticAccounts)) {
      const list = this.byAddress.get(key)
      if (list) list.push(landed)
      else this.byAddress.set(key, [landed])
    }
    if (this.records.size <= MAX_RECORDS) return
    const [oldest] = this.records.values()
    this.records.delete(oldest!.signature)
    // Each address's list is in ledger order, so the oldest record is at the front of each.
    for (const key of new Set(oldest!.message.staticAccounts)) {
      const list = this.byAddress.get(key)!
      list.shift()
      if (!list.length) this.byAddress.delete(key)
    }
  }

  private advance(): void {
    this.currentSlot += 1n
    this.setClock()
    this.svm.expireBlockhash()
    this.blockhashes.set(this.svm.latestBlockhash(), this.currentSlot)
    for (const [hash, issued] of this.blockhashes) {
      if (issued + BLOCKHASH_VALIDITY >= this.currentSlot) break
      this.blockhashes.delete(hash)
    }
    this.emit('slot', this.currentSlot)
  }

  private setClock(): void {
    const epoch = this.currentSlot / SLOTS_PER_EPOCH
    this.svm.setClock(new Clock(this.currentSlot, 0n, epoch, epoch, BigInt(Math.floor(Date.now() / 1000))))
  }
}

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n)

function innerInstructionsOf(meta: TransactionMetadata): LandedTransaction['innerInstructions'] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const instruction = inner.instruction()
        return {
          programIdIndex: instruction.programIdIndex(),
          accounts: [...instruction.accounts()],
          data: instruction.data(),
          stackHeight: inner.stackHeight(),
        }
      }),
    }))
    .filter((entry) => entry.instructions.length > 0)
}
