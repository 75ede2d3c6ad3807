/** A JSON-RPC error answer: the codes and messages a Solana node uses. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** sendTransaction's preflight simulation failed (data: err, logs, unitsConsumed, …). */
  preflightFailure: -32002,
  signatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
} as const

export const invalidParams = (message: string) => new RpcError(RPC_ERRORS.invalidParams, message)
