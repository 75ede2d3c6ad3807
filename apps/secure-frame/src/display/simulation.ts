import * as z from 'zod/mini'

/**
 * What the prompt shows of a simulation (families/eip155/simulation.ts reads one from the node's
 * answer): the account's balance changes, the allowances it grants, or that it fails and why.
 */

const text = z.string().check(z.maxLength(400))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const integer = z.string().check(z.regex(/^-?\d{1,80}$/))

/** One token's net change for the account: `amount` in base units, signed (negative: it leaves the account). */
export const BalanceChange = z.object({
  /** The token's contract; absent for the native currency. */
  token: z.optional(address),
  amount: integer,
  /** '−1 ETH', '+2,958.14 USDC', '+1,000,000 units of 0xabc…1234' for a token the frame does not know. */
  text,
  /** '$3,000.00': what it is worth at the data API's price, where that came in time (chain/prices.ts). */
  usd: z.optional(text),
})
export type BalanceChange = z.infer<typeof BalanceChange>

/** An allowance the transaction grants: `spender` may then move the account's `token`. */
export const GrantedAllowance = z.object({
  token: address,
  spender: address,
  /** Absent: every token of the collection (ApprovalForAll). */
  amount: z.optional(integer),
  unlimited: z.boolean(),
  text,
})
export type GrantedAllowance = z.infer<typeof GrantedAllowance>

/** What the prompt shows of the simulation (and hands its popup, which checks it with this schema). */
export const Simulation = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ok'),
    changes: z.array(BalanceChange).check(z.maxLength(50)),
    allowances: z.array(GrantedAllowance).check(z.maxLength(50)),
  }),
  z.object({ status: z.literal('fails'), reason: text }),
  z.object({ status: z.literal('unavailable'), reason: text }),
])
export type Simulation = z.infer<typeof Simulation>

export const SimulationText = {
  fails: (reason: string) => `This transaction will fail: ${reason}`,
  unavailable: 'The network could not simulate this transaction: there is no preview of what it changes.',
  timedOut: 'The network did not simulate this transaction in time: there is no preview of what it changes.',
  noChanges: 'No token balance of yours changes, besides the network fee.',
  unknownReason: 'the network gives no reason',
} as const
