import type { Address, Hex } from 'viem'

/** One transaction of the deployer's plan: deploy.ts's, then smart-accounts.ts's after them. */
export interface PlannedTx {
  /** Undefined for a contract creation. */
  to?: Address
  data: Hex
  value?: bigint
  gas: bigint
  /** The contract a creation must produce. */
  creates?: Address
  /** Mined in a later second than the transactions before it. */
  nextSecond?: true
}
