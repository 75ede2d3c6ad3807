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
  /** For a family whose nodes speak REST (bip122's esplora): the upstream request the REST pass-through makes of a call, or why not. */
  restTarget?(call: RestCall): RestTarget
}

/** A call of the REST pass-through: its method, the path's segments after the chain id, the POST body. */
export interface RestCall {
  method: string
  segments: readonly string[]
  caipNetworkId: string
  body?: string
}

/** The upstream path (and body) to forward, or the refusal: 404 for a path off the allow-list, 400 for a bad parameter. */
export type RestTarget = { path: string; body?: string } | { status: 400 | 404; error: string }
