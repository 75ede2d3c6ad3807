import type { EndpointDoc } from '../openapi/document'
import { RpcQuery } from './route'
import { JsonRpcBody, JsonRpcReply } from './schema'

/** The chain RPC proxy for the OpenAPI document. */
export const RPC_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'post',
    path: '/v1/rpc',
    summary:
      'JSON-RPC 2.0 proxy to the chain (single or batch of up to 1000, body up to 1 MiB). Every JSON-RPC outcome is HTTP 200 with a JSON-RPC body: methods off the allowlist -32601, a chain without upstream -32002, an unreachable node -32603',
    query: RpcQuery,
    body: JsonRpcBody,
    response: JsonRpcReply,
  },
]
