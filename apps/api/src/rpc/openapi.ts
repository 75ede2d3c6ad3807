import type { EndpointDoc } from '../http/endpoint-doc'
import { DEFAULT_RPC_LIMITS as limits } from './limits'
import { RpcQuery } from './route'
import { JsonRpcBody, JsonRpcReply } from './schema'

/** The chain RPC proxy for the OpenAPI document (with the default limits). */
export const RPC_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'post',
    path: '/v1/rpc',
    summary:
      `JSON-RPC 2.0 proxy to the chain (single or batch of up to ${limits.maxBatch} calls, body up to 1 MiB): an EVM chain ` +
      '(eth_* reads and eth_sendRawTransaction) or a Solana cluster (the node reads, sendTransaction and simulateTransaction; ' +
      'no requestAirdrop, getProgramAccounts, getLargestAccounts or getSupply). ' +
      'Every JSON-RPC outcome is HTTP 200 with a JSON-RPC body: methods off the allowlist -32601, a chain without upstream -32002, ' +
      `eth_getLogs over ${limits.maxLogBlockRange} blocks or an upstream answer over ${limits.maxResponseBytes / (1024 * 1024)} MiB -32005, ` +
      'an unreachable node -32603. Each call of a batch counts against the rate limit and the project quota (429 with Retry-After); ' +
      'a call without Origin needs a project that allows server use (403)',
    query: RpcQuery,
    body: JsonRpcBody,
    response: JsonRpcReply,
  },
]
