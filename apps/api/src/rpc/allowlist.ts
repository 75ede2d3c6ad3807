import { readOnlyMethods } from '@airlock/protocol'

/**
 * The Solana node methods the proxy forwards: the reads wallets and dapps make, and
 * sendTransaction / simulateTransaction (signed by the user's wallet). Left out: requestAirdrop
 * (it spends the node's faucet) and the scans over a whole program or the whole cluster
 * (getProgramAccounts, getLargestAccounts, getSupply), which cost a node far more than one call.
 */
export const SOLANA_PROXY_METHODS = [
  'getAccountInfo',
  'getBalance',
  'getBlock',
  'getBlockHeight',
  'getBlockTime',
  'getEpochInfo',
  'getEpochSchedule',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByDelegate',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
] as const

/**
 * Methods the proxy forwards, per CAIP-2 namespace. The upstream in dev is anvil with unlocked
 * accounts, so this is an allowlist: reads plus eth_sendRawTransaction (already signed by the
 * user's wallet). Namespaces without a list forward nothing.
 */
const ALLOWED: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['eip155', new Set<string>(readOnlyMethods)],
  ['solana', new Set<string>(SOLANA_PROXY_METHODS)],
])

/**
 * Defence in depth: never forwarded even if a future allowlist grew one of them. These sign
 * with, or change the state of, the node's own accounts, or administer the node.
 */
export const FORBIDDEN_METHOD =
  /^(eth_sendTransaction$|eth_sign|personal_|anvil_|evm_|hardhat_|debug_|admin_|txpool_|miner_|engine_|ots_|trace_|parity_|clique_)/

export function isMethodAllowed(namespace: string, method: string): boolean {
  return !FORBIDDEN_METHOD.test(method) && (ALLOWED.get(namespace)?.has(method) ?? false)
}
