import type { BalanceItem } from './format'

/** One chain family's side of the balance route (balance/evm.ts, balance/solana.ts): its addresses, its chains and how to read them. */
export interface BalanceFamily {
  namespace: string
  /** The address as this family writes it (one spelling per account), or undefined when it is not one. */
  parse(value: string): string | undefined
  /** The 400 text for an address that is not one of this family's. */
  invalid: string
  /** The chains of this family the API has an upstream for. */
  chains(): string[]
  /** The balances on one chain; undefined when the API has no upstream for it. */
  read(caip2: string, address: string): Promise<BalanceItem[]> | undefined
}
