import { FAMILIES, isNamespace } from '../../chains/families'
import { POLKADOT_FORBIDDEN_METHOD } from '../../chains/polkadot/rpc-methods'

/**
 * Defence in depth: never forwarded even if a future allowlist grew one of them. These sign
 * with, or change the state of, the node's own accounts, or administer the node (a Substrate
 * node's and chopsticks': POLKADOT_FORBIDDEN_METHOD).
 */
export const FORBIDDEN_METHOD =
  /^(eth_sendTransaction$|eth_sign|personal_|anvil_|evm_|hardhat_|debug_|admin_|txpool_|miner_|engine_|ots_|trace_|parity_|clique_)/

/**
 * Methods the proxy forwards: the namespace's family's list (chains/<namespace>/family.ts), never a
 * forbidden one. The upstream in dev is anvil with unlocked accounts, so each list is an allowlist
 * of reads plus already-signed sends. A namespace without a family forwards nothing.
 */
export function isMethodAllowed(namespace: string, method: string): boolean {
  return (
    !FORBIDDEN_METHOD.test(method) &&
    !POLKADOT_FORBIDDEN_METHOD.test(method) &&
    isNamespace(namespace) &&
    FAMILIES[namespace].rpcMethods.has(method)
  )
}
