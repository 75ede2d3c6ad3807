import * as z from 'zod'
import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { DEFAULT_RPC_LIMITS as limits } from './limits'
import { RestParams } from './rest'
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
  ...(['get', 'post'] as const).map((method): EndpointDoc => ({
    method,
    path: '/v1/rest/{chainId}/{path}',
    summary:
      method === 'get'
        ? "REST pass-through to a network's node API (bip122: esplora) for the allow-listed reads: address/{address}, " +
          'address/{address}/utxo, address/{address}/txs, address/{address}/txs/chain/{txid}, tx/{txid}, tx/{txid}/status, ' +
          'tx/{txid}/hex, tx/{txid}/outspends, blocks/tip/height, blocks/tip/hash, fee-estimates. Any other path 404, a bad ' +
          'address or txid 400; the upstream status and body (JSON or text) as they are. Each call counts as one RPC call ' +
          '(rate limit, client share and project quota: 429 with Retry-After); without Origin it needs serverRpc (403)'
        : 'REST pass-through, path tx only (bip122): broadcasts a signed raw transaction (hex text body, at most 400,000 bytes); ' +
          "answers the txid, or the node's refusal (400 text, e.g. a double spend)",
    params: RestParams,
    ...(method === 'post' ? { body: z.string().describe('raw transaction hex') } : {}),
    response: z.unknown().describe("the node API's answer"),
  })),
]
