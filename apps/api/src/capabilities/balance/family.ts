import type { BalanceItem } from './format'

/** One chain family's side of the balance route (balance/evm.ts, balance/solana.ts): its addresses and how to read them. */
export interface BalanceFamily {
  /** The address as this family writes it (chains/families.ts), or undefined when the balance route does not read it. */
  parse(value: string): string | undefined
  /** The 400 text for an address that is not one of this family's. */
  invalid: string
  /** The balances on one chain; undefined when the API has no upstream for it. */
  read(caip2: string, address: string): Promise<BalanceItem[]> | undefined
}
