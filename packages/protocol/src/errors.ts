import { rpcErrorMessages } from './error-messages'

/** EIP-1193 and JSON-RPC 2.0 error codes (SPEC section 8); their standard messages are in error-messages.ts. */
export const RpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  InvalidInput: -32000,
  ResourceNotFound: -32001,
  ResourceUnavailable: -32002,
  TransactionRejected: -32003,
  MethodNotSupported: -32004,
  LimitExceeded: -32005,
  JsonRpcVersionNotSupported: -32006,
  UserRejected: 4001,
  Unauthorized: 4100,
  UnsupportedMethod: 4200,
  Disconnected: 4900,
  ChainDisconnected: 4901,
  SwitchChainError: 4902,
} as const
export type RpcErrorCode = (typeof RpcErrorCode)[keyof typeof RpcErrorCode]

/** The plain shape an error takes on the wire: Error instances lose `code` in structured clone. */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

export class ProviderRpcError extends Error implements RpcErrorObject {
  override readonly name = 'ProviderRpcError'
  readonly code: number
  readonly data?: unknown
  constructor(code: number, message?: string, data?: unknown) {
    super(message ?? rpcErrorMessages[code] ?? 'Unknown error')
    this.code = code
    if (data !== undefined) this.data = data
  }
  toJSON(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export function isRpcErrorObject(value: unknown): value is RpcErrorObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isInteger((value as { code?: unknown }).code) &&
    typeof (value as { message?: unknown }).message === 'string'
  )
}

/**
 * Normalises anything thrown (wallet errors, plain objects, strings) into a ProviderRpcError,
 * keeping an EIP-1193 code when there is one. A wallet that throws a bare Error becomes -32603.
 */
export function toProviderRpcError(error: unknown, fallbackMessage = 'Internal JSON-RPC error.'): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  if (isRpcErrorObject(error)) return new ProviderRpcError(error.code, error.message, error.data)
  const message = error instanceof Error && error.message ? error.message : fallbackMessage
  return new ProviderRpcError(RpcErrorCode.InternalError, message)
}

/** Serialises an error so that it crosses postMessage with its code intact. */
export function toRpcErrorObject(error: unknown): RpcErrorObject {
  return toProviderRpcError(error).toJSON()
}
