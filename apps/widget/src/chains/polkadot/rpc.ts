import {
  polkadotMethodParams,
  polkadotMethodResults,
  ProviderRpcError,
  RpcErrorCode,
  type PolkadotMethod,
  type PolkadotParams,
  type PolkadotResult,
} from '@airlock/protocol'

/** A request's params as protocol's polkadot.ts reads them; -32602 otherwise. */
export function checkParams<M extends PolkadotMethod>(method: M, params: unknown): PolkadotParams<M> {
  const result = polkadotMethodParams[method].safeParse(params)
  if (!result.success) throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${method}`)
  return result.data as PolkadotParams<M>
}

/** An answer as protocol's polkadot.ts reads it; `who` (the wallet, the secure frame) answered it malformed otherwise. */
export function checkResult<M extends PolkadotMethod>(method: M, result: unknown, who = 'The wallet'): PolkadotResult<M> {
  const parsed = polkadotMethodResults[method].safeParse(result)
  if (!parsed.success) throw new ProviderRpcError(RpcErrorCode.InternalError, `${who} answered ${method} with a malformed result`)
  return parsed.data as PolkadotResult<M>
}
