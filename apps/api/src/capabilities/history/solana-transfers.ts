import { usdValue } from '../balance/format'
import {
  SystemCreateAccount,
  SystemTransfer,
  TokenBurn,
  TokenMintTo,
  TokenTransfer,
  type ParsedInstruction,
  type ParsedTransaction,
} from '../../chains/solana/schemas'
import { SOL, solanaTokenInfo, TOKEN_PROGRAMS } from '../../chains/solana/tokens'
import { tokenIconUrl } from '../prices/dex-config'
import type { Direction } from './classify'
import { humanAmount, type HistoryTransaction, type HistoryTransfer } from './format'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** The protocol's limit on transfers per transaction. */
const MAX_TRANSFERS = 50

/** Value moved by one instruction: SOL (mint null) or a token, between wallets (token accounts resolved to their owners). */
export interface SolanaLeg {
  mint: string | null
  decimals: number
  amount: bigint
  from: string
  to: string
}

type TokenAccounts = Map<string, { owner?: string; mint: string; decimals: number }>

/** Top-level instructions each followed by the inner ones it invoked: the order they ran in. */
function executionOrder(tx: ParsedTransaction): ParsedInstruction[] {
  const inner = new Map((tx.meta?.innerInstructions ?? []).map((entry) => [entry.index, entry.instructions]))
  return tx.transaction.message.instructions.flatMap((instruction, index) => [instruction, ...(inner.get(index) ?? [])])
}

function legOf(instruction: ParsedInstruction, accounts: TokenAccounts): SolanaLeg | undefined {
  const ownerOf = (account: string) => accounts.get(account)?.owner ?? account
  if (instruction.programId === SYSTEM_PROGRAM) {
    const transfer = SystemTransfer.safeParse(instruction.parsed)
    if (transfer.success) {
      const { source, destination, lamports } = transfer.data.info
      return { mint: null, decimals: SOL.decimals, amount: BigInt(lamports), from: source, to: destination }
    }
    // Creating an account moves its rent deposit from the payer into it.
    const created = SystemCreateAccount.safeParse(instruction.parsed)
    if (created.success) {
      const { source, newAccount, lamports } = created.data.info
      return { mint: null, decimals: SOL.decimals, amount: BigInt(lamports), from: source, to: newAccount }
    }
    return undefined
  }
  if (!(TOKEN_PROGRAMS as readonly string[]).includes(instruction.programId)) return undefined
  const transfer = TokenTransfer.safeParse(instruction.parsed)
  const minted = TokenMintTo.safeParse(instruction.parsed)
  const burnt = TokenBurn.safeParse(instruction.parsed)
  const info = transfer.success ? transfer.data.info : minted.success ? minted.data.info : burnt.success ? burnt.data.info : undefined
  if (!info) return undefined
  // The account the instruction debits or credits tells the mint and decimals when the instruction does not.
  const account = 'source' in info ? (accounts.get(info.source) ?? accounts.get(info.destination)) : accounts.get(info.account)
  const mint = info.mint ?? account?.mint
  const decimals = info.tokenAmount?.decimals ?? account?.decimals
  const amount = info.tokenAmount?.amount ?? info.amount
  if (!mint || decimals === undefined || amount === undefined) return undefined
  const base = { mint, decimals, amount: BigInt(amount) }
  if ('source' in info) return { ...base, from: ownerOf(info.source), to: ownerOf(info.destination) }
  return minted.success ? { ...base, from: mint, to: ownerOf(info.account) } : { ...base, from: ownerOf(info.account), to: mint }
}

/**
 * The value a transaction moved, from the node's parsed instructions (top level and inner):
 * SOL transfers and account deposits, SPL transfers, mints and burns. A failed transaction moved
 * nothing (only its fee, which is not a transfer).
 */
export function solanaLegs(tx: ParsedTransaction): SolanaLeg[] {
  if (!tx.meta || (tx.meta.err !== null && tx.meta.err !== undefined)) return []
  const keys = tx.transaction.message.accountKeys.map((key) => key.pubkey)
  const accounts: TokenAccounts = new Map()
  for (const balance of [...(tx.meta.preTokenBalances ?? []), ...(tx.meta.postTokenBalances ?? [])]) {
    const key = keys[balance.accountIndex]
    if (key) accounts.set(key, { owner: balance.owner, mint: balance.mint, decimals: balance.uiTokenAmount.decimals })
  }
  return executionOrder(tx).flatMap((instruction) => {
    const leg = legOf(instruction, accounts)
    return leg && leg.amount > 0n ? [leg] : []
  })
}

function directionOf(leg: SolanaLeg, owner: string): Direction | undefined {
  if (leg.from === owner && leg.to === owner) return 'self'
  if (leg.from === owner) return 'out'
  if (leg.to === owner) return 'in'
  return undefined
}

const DIRECTION_ORDER: Record<Direction, number> = { out: 0, in: 1, self: 2 }

function toTransfer(leg: SolanaLeg, direction: Direction, caip2: string, apiOrigin: string): HistoryTransfer {
  const info = leg.mint === null ? { ...SOL, known: true } : solanaTokenInfo(caip2, leg.mint)
  const numeric = humanAmount(leg.amount, leg.decimals)
  return {
    fungible_info: { name: info.name, symbol: info.symbol, ...(info.known ? { icon: { url: tokenIconUrl(apiOrigin, info.symbol) } } : {}) },
    direction,
    quantity: { numeric },
    value: usdValue(numeric, info.price),
    price: info.price,
  }
}

/**
 * A transaction as `owner`'s history shows it: its transfers to and from the owner (out, then
 * in, then self), send / receive / trade / execute, confirmed or failed, and who sent what to
 * whom (the first transfer's parties; else the fee payer and the first program it called).
 */
export function toSolanaHistoryTransaction(
  tx: ParsedTransaction,
  context: { owner: string; caip2: string; apiOrigin: string; blockTime?: number | null },
): HistoryTransaction {
  const { owner, caip2 } = context
  const mine = solanaLegs(tx)
    .map((leg) => ({ leg, direction: directionOf(leg, owner) }))
    .filter((entry): entry is { leg: SolanaLeg; direction: Direction } => entry.direction !== undefined)
    .sort((a, b) => DIRECTION_ORDER[a.direction] - DIRECTION_ORDER[b.direction])
  const directions = new Set(mine.map((entry) => entry.direction))
  const operationType =
    directions.has('out') && directions.has('in')
      ? 'trade'
      : directions.has('in') && !directions.has('out')
        ? 'receive'
        : mine.length
          ? 'send'
          : 'execute'
  const signature = tx.transaction.signatures[0]!
  const feePayer = tx.transaction.message.accountKeys[0]?.pubkey ?? ''
  const program =
    tx.transaction.message.instructions.find((instruction) => instruction.programId !== COMPUTE_BUDGET_PROGRAM)?.programId ?? ''
  const blockTime = tx.blockTime ?? context.blockTime
  const first = mine[0]?.leg
  return {
    id: `${signature}:${caip2}`,
    metadata: {
      operationType,
      hash: signature,
      minedAt: blockTime === null || blockTime === undefined ? '' : new Date(blockTime * 1000).toISOString(),
      sentFrom: first?.from ?? feePayer,
      sentTo: first?.to ?? program,
      status: tx.meta?.err === null || tx.meta?.err === undefined ? 'confirmed' : 'failed',
      // Solana transactions have no nonce: their blockhash orders them.
      nonce: 0,
      chain: caip2,
    },
    transfers: mine.slice(0, MAX_TRANSFERS).map(({ leg, direction }) => toTransfer(leg, direction, caip2, context.apiOrigin)),
  }
}
