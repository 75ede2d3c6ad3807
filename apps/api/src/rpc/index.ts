export { rpcRoute, RpcQuery, type RpcRouteOptions } from './route'
export { JsonRpcBody, JsonRpcReply, JsonRpcRequest, JsonRpcResponseSchema } from './schema'
export { RPC_ENDPOINTS } from './openapi'
