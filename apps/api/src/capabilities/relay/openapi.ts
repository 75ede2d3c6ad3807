import * as z from 'zod'
import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { JsonRpcResponseSchema } from '../rpc/schema'
import { DecimalChainId } from './config'
import { RELAY_MAX_BODY_BYTES, RelayRequest } from './rpc'

/** The relay for the OpenAPI document. */
export const RELAY_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'post',
    path: '/v1/relay/{chainId}',
    summary:
      "ERC-4337 bundler and ERC-7677 paymaster of EntryPoint v0.8 for the embedded wallet's smart accounts (EIP-7702 " +
      `delegated EOAs), one JSON-RPC 2.0 request per body (no batches, at most ${RELAY_MAX_BODY_BYTES / 1024} KiB): ` +
      'eth_chainId, eth_supportedEntryPoints, pm_getPaymasterStubData, pm_getPaymasterData, eth_estimateUserOperationGas, ' +
      'eth_sendUserOperation, eth_getUserOperationReceipt and eth_getUserOperationByHash. An account is delegated by its ' +
      "first operation: its signed EIP-7702 authorization (for the DeleGator, this chain and the account's next nonce) goes " +
      "in the operation's eip7702Auth, with the 0x7702 initCode marker, and is sent in the type-4 handleOps transaction. Sponsorship follows the project's paymaster policy and daily gas budget " +
      '(refusals -32501 with the reason); ERC-7769 codes for the EntryPoint (-32500) and execution (-32521); an external ' +
      'bundler or paymaster that cannot be reached -32002. Every JSON-RPC outcome is HTTP 200; a chain without a relay 404; ' +
      'a call without Origin needs a project that allows server use (403)',
    params: z.object({ chainId: DecimalChainId.describe('Decimal EVM chain id, e.g. 8453') }),
    body: RelayRequest,
    response: JsonRpcResponseSchema,
  },
]
