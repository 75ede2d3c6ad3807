export { rpcProxy, RpcQuery, type RpcProxyOptions } from './route'
export type { QuotaStore } from './quota'
export { JsonRpcBody, JsonRpcReply, JsonRpcRequest, JsonRpcResponseSchema } from './schema'
export { RPC_ENDPOINTS } from './openapi'
