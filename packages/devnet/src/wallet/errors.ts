/** Standard EIP-1193 / EIP-1474 messages, as MetaMask words them. */
export const ERROR_MESSAGES = {
  4001: 'User rejected the request.',
  4100: 'The requested method and/or account has not been authorized by the user.',
  4200: 'The Provider does not support the requested method.',
  4900: 'The Provider is disconnected from all chains.',
  4901: 'The Provider is not connected to the requested chain.',
  4902: 'Unrecognized chain ID.',
  [-32602]: 'Invalid method parameters.',
  [-32603]: 'Internal JSON-RPC error.',
} as const

export type StandardErrorCode = keyof typeof ERROR_MESSAGES

export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string = ERROR_MESSAGES[code as StandardErrorCode] ?? 'Unknown error',
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const rpcError = (code: StandardErrorCode, message?: string, data?: unknown) =>
  new ProviderRpcError(code, message ?? ERROR_MESSAGES[code], data)
