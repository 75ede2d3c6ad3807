import * as z from 'zod'

/**
 * What an account may spend, from its `System.Account` entry. Pure: the node is read in balance.ts.
 *
 * The rule is pallet-balances' `reducible_balance` (polkadot-sdk, substrate/frame/balances/src/
 * impl_fungible.rs; the Polkadot wiki's "Account Balance Types"): since the fungible traits
 * (polkadot-sdk PR #12951, 2023) a freeze applies to the whole balance, held (reserved) funds
 * included, so the untouchable part of `free` is max(frozen − reserved, 0), and a transfer that
 * must keep the account alive (transferKeepAlive) also leaves the existential deposit:
 *   transferable = free − max(frozen − reserved, 0)
 *   transferable keeping the account alive = free − max(frozen − reserved, ED)
 * A runtime from before that change (the devnet's statemine 900) stores `miscFrozen` and
 * `feeFrozen`, locks that applied to `free` alone: its frozen part is max(miscFrozen, feeFrozen),
 * all of it untouchable.
 */

/** A u128 as @polkadot/types' toJSON writes it: a number when it is safe, else hex (or decimal) text. */
const Amount = z.union([z.number().int().nonnegative(), z.string().regex(/^(0x[0-9a-fA-F]+|\d+)$/)]).transform((value) => BigInt(value))

const HoldsAndFreezes = z.object({ free: Amount, reserved: Amount, frozen: Amount })
const Locks = z.object({ free: Amount, reserved: Amount, miscFrozen: Amount, feeFrozen: Amount })

/** `System.Account(who)`'s value as toJSON writes it (an account never seen reads as zeros). */
export const AccountInfo = z.object({ nonce: z.number().int().nonnegative(), data: z.union([HoldsAndFreezes, Locks]) })
export type AccountInfo = z.infer<typeof AccountInfo>

export interface Spendable {
  free: bigint
  reserved: bigint
  frozen: bigint
  /** What a transfer that may remove the account (transferAllowDeath) can move. */
  transferable: bigint
  /** What a transferKeepAlive can move: the account keeps at least the existential deposit. */
  transferableKeepAlive: bigint
}

const max = (a: bigint, b: bigint) => (a > b ? a : b)
const minus = (a: bigint, b: bigint) => (a > b ? a - b : 0n)

export function spendable(info: AccountInfo, existentialDeposit: bigint): Spendable {
  const { data } = info
  const [frozen, untouchable] =
    'frozen' in data
      ? [data.frozen, minus(data.frozen, data.reserved)]
      : [max(data.miscFrozen, data.feeFrozen), max(data.miscFrozen, data.feeFrozen)]
  return {
    free: data.free,
    reserved: data.reserved,
    frozen,
    transferable: minus(data.free, untouchable),
    transferableKeepAlive: minus(data.free, max(untouchable, existentialDeposit)),
  }
}
