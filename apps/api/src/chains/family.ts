import type { ChainRegistry } from './registry'

/**
 * What every capability asks of a chain family before it reads anything: whose an address is, which
 * of its networks the API reaches, which node methods the proxy forwards. chains/families.ts lists them.
 */
export interface ChainFamily {
  /** The CAIP-2 namespace, e.g. `eip155`. */
  namespace: string
  /** A bare address as this family writes it (one spelling per account), or undefined when it is not one. */
  parseAddress(value: string): string | undefined
  /** A bare address or a CAIP-10 account of this family: the address as parseAddress writes it, and the chain a CAIP-10 names. */
  parseAccount(value: string): { address: string; chain?: string } | undefined
  /** The CAIP-2 networks of this family the API has an upstream for. */
  networks(chains: ChainRegistry): string[]
  /** The JSON-RPC methods the proxy forwards to this family's nodes; every other is refused. */
  rpcMethods: ReadonlySet<string>
}
