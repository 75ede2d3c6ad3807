import type { Address } from 'viem'
import { intentOf, ZERO_ADDRESS, type ChainTx, type InnerCall, type Leg } from './legs'

export type Direction = 'in' | 'out' | 'self'

/**
 * Operation types, as Zerion/Reown name them: `send`, `receive`, `trade` (the account both sent and
 * received, e.g. a swap), `mint` / `burn` (the account's own call created or destroyed what it holds),
 * `approve`, `deploy` and `execute` for calls that moved no value for the account.
 */
export type OperationType = 'send' | 'receive' | 'trade' | 'mint' | 'burn' | 'approve' | 'deploy' | 'execute'

/** The direction of `leg` for `account` (lowercase), or undefined when the leg does not involve it. */
export function directionOf(leg: Pick<Leg, 'from' | 'to'>, account: string): Direction | undefined {
  const from = leg.from.toLowerCase() === account
  const to = leg.to.toLowerCase() === account
  if (from && to) return 'self'
  if (from) return 'out'
  if (to) return 'in'
  return undefined
}

/** The legs of a transaction that involve `account`. */
export function legsOf<T extends Pick<Leg, 'from' | 'to'>>(legs: readonly T[], account: string): T[] {
  return legs.filter((leg) => directionOf(leg, account) !== undefined)
}

/**
 * What the transaction was for `account`: a trade when it both sent and received (a swap: its
 * ERC-20 leg out and the native or token leg in), else send / receive; mint and burn when the account
 * itself called and only received from / sent to the zero address; for no value moved, the call's intent.
 */
export function operationTypeOf(
  tx: Pick<ChainTx, 'from' | 'to' | 'value' | 'input'>,
  legs: readonly Leg[],
  account: string,
): OperationType {
  const mine = legsOf(legs, account)
  const directions = mine.map((leg) => directionOf(leg, account))
  const hasOut = directions.includes('out')
  const hasIn = directions.includes('in')
  const isSender = tx.from.toLowerCase() === account
  if (hasOut && hasIn) return 'trade'
  if (hasOut) {
    const outs = mine.filter((leg) => directionOf(leg, account) === 'out')
    return isSender && outs.every((leg) => leg.to === ZERO_ADDRESS) ? 'burn' : 'send'
  }
  if (hasIn) {
    const ins = mine.filter((leg) => directionOf(leg, account) === 'in')
    return isSender && ins.every((leg) => leg.from === ZERO_ADDRESS) ? 'mint' : 'receive'
  }
  if (directions.includes('self')) return 'send'
  return intentOf({ hash: '0x', nonce: 0, transactionIndex: 0, ...tx })
}

export interface EntryDraft {
  account: Address
  operationType: OperationType
}

/**
 * The accounts a transaction appears for in history: its sender (always, even when it failed or moved
 * nothing), every party of a leg except the zero address, and the sender of each user operation it
 * ran (`operations`, user-operations.ts), classified as if it had sent its calls itself.
 */
export function entriesOf(
  tx: ChainTx,
  legs: readonly Leg[],
  operations: readonly { sender: Address; calls: readonly InnerCall[] }[] = [],
): EntryDraft[] {
  const accounts = new Set<Address>([tx.from.toLowerCase() as Address])
  for (const leg of legs) {
    accounts.add(leg.from)
    accounts.add(leg.to)
  }
  const asSent = new Map<Address, Pick<ChainTx, 'from' | 'to' | 'value' | 'input'>>()
  for (const { sender, calls } of operations) {
    const account = sender.toLowerCase() as Address
    accounts.add(account)
    const [first] = calls
    asSent.set(account, {
      from: account,
      to: first?.to ?? tx.to,
      value: calls.reduce((sum, call) => sum + call.value, 0n),
      input: first?.input ?? '0x',
    })
  }
  accounts.delete(ZERO_ADDRESS)
  return [...accounts].map((account) => ({ account, operationType: operationTypeOf(asSent.get(account) ?? tx, legs, account) }))
}
