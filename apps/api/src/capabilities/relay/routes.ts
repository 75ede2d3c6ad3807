import { RpcErrorCode } from '@airlock/protocol'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { numberToHex, type Address } from 'viem'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError } from '../../platform/http/errors'
import { serverUseRefusal } from '../rpc/route'
import { idOf, rpcError, type JsonRpcId } from '../rpc/schema'
import type { OperationCall, RelayBackend } from './backend'
import type { RelayContext } from './context'
import { checkTarget } from './paymaster'
import {
  HashParams,
  NoParams,
  parseParams,
  PaymasterParams,
  RELAY_MAX_BODY_BYTES,
  RelayError,
  RelayErrorCode,
  RelayRequest,
  UserOperationParams,
} from './rpc'

export interface RelayRouteOptions {
  /** The backend serving a chain (decimal id), chosen when the API starts; undefined where none does. */
  backendOf: (chainId: number) => RelayBackend | undefined
  delegator: Address
  entryPoint: Address
}

type Method = (ctx: RelayContext, backend: RelayBackend, params: unknown[] | undefined) => Promise<unknown>

/** ERC-7677's params, checked against this route's entry point and chain. */
function paymasterCall(ctx: RelayContext, params: unknown[] | undefined, method: string): OperationCall {
  const [op, entryPoint, chainId] = parseParams(PaymasterParams, params, method)
  checkTarget(ctx, entryPoint, chainId as `0x${string}`)
  return { op, params: params ?? [] }
}

/** A bundler method's [userOp, entryPoint], checked against this route's entry point. */
function bundlerCall(ctx: RelayContext, params: unknown[] | undefined, method: string): OperationCall {
  const [op, entryPoint] = parseParams(UserOperationParams, params, method)
  checkTarget(ctx, entryPoint)
  return { op, params: params ?? [] }
}

const METHODS: Record<string, Method> = {
  eth_chainId: async (ctx, _backend, params) => (parseParams(NoParams, params, 'eth_chainId'), numberToHex(ctx.chainId)),
  eth_supportedEntryPoints: async (ctx, backend, params) => (
    parseParams(NoParams, params, 'eth_supportedEntryPoints'),
    backend.supportedEntryPoints(ctx)
  ),
  pm_getPaymasterStubData: (ctx, backend, params) => backend.paymasterStub(ctx, paymasterCall(ctx, params, 'pm_getPaymasterStubData')),
  pm_getPaymasterData: (ctx, backend, params) => backend.paymasterData(ctx, paymasterCall(ctx, params, 'pm_getPaymasterData')),
  eth_estimateUserOperationGas: (ctx, backend, params) =>
    backend.estimateUserOperationGas(ctx, bundlerCall(ctx, params, 'eth_estimateUserOperationGas')),
  eth_sendUserOperation: (ctx, backend, params) => backend.sendUserOperation(ctx, bundlerCall(ctx, params, 'eth_sendUserOperation')),
  eth_getUserOperationReceipt: async (ctx, backend, params) =>
    backend.userOperationReceipt(ctx, parseParams(HashParams, params, 'eth_getUserOperationReceipt')[0]),
  eth_getUserOperationByHash: async (ctx, backend, params) =>
    backend.userOperationByHash(ctx, parseParams(HashParams, params, 'eth_getUserOperationByHash')[0]),
}

type ApiContext = Context<{ Variables: ApiVariables }>

/**
 * `POST /v1/relay/:chainId?projectId=...` (mounted at /v1/relay, behind the project guard): the
 * API as ERC-4337 bundler and ERC-7677 paymaster of EntryPoint v0.8 on an EVM chain (decimal chain
 * id): an account's first user operation carries its EIP-7702 authorization (eip7702Auth), sent in
 * the handleOps transaction. The built-in relay answers, or external services do after the API
 * checks and budgets (external.ts). One JSON-RPC 2.0 request per body (no batches), at most 128 KiB. As on /v1/rpc, a call without Origin needs a project that allows
 * server use. Every JSON-RPC outcome is HTTP 200; refusals of the request itself are 4xx.
 */
export function relayRoutes(deps: ApiDeps, options: RelayRouteOptions): Hono<{ Variables: ApiVariables }> {
  const route = new Hono<{ Variables: ApiVariables }>()
  const limit = bodyLimit({
    maxSize: RELAY_MAX_BODY_BYTES,
    onError: (c) => c.json(rpcError(null, RpcErrorCode.LimitExceeded, 'Request body exceeds 128 KiB'), 413),
  })

  route.post('/:chainId', limit, async (c: ApiContext) => {
    const refused = serverUseRefusal(c)
    if (refused) return c.json(rpcError(null, RpcErrorCode.Unauthorized, refused), 403)
    const rawChainId = c.req.param('chainId') ?? ''
    const chainId = /^[1-9]\d{0,15}$/.test(rawChainId) ? Number(rawChainId) : undefined
    const client = chainId === undefined ? undefined : deps.chains.client(`eip155:${chainId}`)
    const backend = chainId === undefined ? undefined : options.backendOf(chainId)
    if (chainId === undefined || !client || !backend) {
      return apiError(
        c,
        404,
        client && !backend
          ? `No relay for chain ${rawChainId}: this API has neither its built-in relay nor an external bundler and paymaster for it`
          : `No relay for chain ${rawChainId}: use the decimal id of a chain this API serves (${deps.chains.supported().join(', ')})`,
      )
    }
    let body: unknown
    try {
      body = JSON.parse(await c.req.text())
    } catch {
      return c.json(rpcError(null, RpcErrorCode.ParseError, 'Parse error: the request body is not valid JSON'))
    }
    const request = RelayRequest.safeParse(body)
    if (!request.success) {
      const why = Array.isArray(body)
        ? 'batches are not supported: send one request per call'
        : 'expected { jsonrpc: "2.0", id, method, params? }'
      return c.json(rpcError(idOf(body), RpcErrorCode.InvalidRequest, `Invalid request: ${why}`))
    }
    const { id, method, params } = request.data
    const run = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined
    if (!run) return c.json(rpcError(id, RpcErrorCode.MethodNotFound, `Method ${method} is not supported by the relay`))
    const { delegator, entryPoint } = options
    const ctx: RelayContext = { db: deps.db, now: deps.now, chainId, client, project: c.get('project'), delegator, entryPoint }
    return c.json(await answer(id, () => run(ctx, backend, params)))
  })
  route.all('/:chainId', (c) => {
    c.header('Allow', 'POST, OPTIONS')
    return apiError(c, 405, 'Method Not Allowed: use POST')
  })
  return route
}

async function answer(id: JsonRpcId, run: () => Promise<unknown>) {
  try {
    return { jsonrpc: '2.0' as const, id, result: await run() }
  } catch (error) {
    if (error instanceof RelayError) return rpcError(id, error.code as RpcErrorCode, error.message)
    console.error('[relay]', error)
    return rpcError(id, RelayErrorCode.Internal, 'Internal error')
  }
}
