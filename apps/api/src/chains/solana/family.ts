import type { ChainFamily } from '../family'
import { isSolanaAddress } from './rpc'

/**
 * The Solana node methods the proxy forwards: the reads wallets and dapps make, and
 * sendTransaction / simulateTransaction (signed by the user's wallet). Left out: requestAirdrop
 * (it spends the node's faucet) and the scans over a whole program or the whole cluster
 * (getProgramAccounts, getLargestAccounts, getSupply), which cost a node far more than one call.
 */
const SOLANA_PROXY_METHODS = [
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

const CAIP10_SOLANA = /^(solana:[-_a-zA-Z0-9]{1,32}):([1-9A-HJ-NP-Za-km-z]{32,44})$/

/** Solana clusters: base58 addresses (case matters), one JSON-RPC client per cluster (rpc.ts). */
export const solanaFamily: ChainFamily = {
  namespace: 'solana',
  parseAddress: (value) => (isSolanaAddress(value) ? value : undefined),
  parseAccount(value) {
    if (isSolanaAddress(value)) return { address: value }
    const match = CAIP10_SOLANA.exec(value)
    return match && isSolanaAddress(match[2]!) ? { address: match[2]!, chain: match[1]! } : undefined
  },
  networks: (chains) => chains.family('solana').supported(),
  rpcMethods: new Set<string>(SOLANA_PROXY_METHODS),
}
