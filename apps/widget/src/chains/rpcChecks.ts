import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type * as z from 'zod/mini'

/** A family's method table in packages/protocol: one schema per method name. */
type MethodSchemas = Record<string, z.ZodMiniType>

/** A request's params as `schemas` reads them; -32602 otherwise, before any wallet sees them. */
export function checkedParams<S extends MethodSchemas, M extends keyof S & string>(schemas: S, method: M, params: unknown): z.output<S[M]> {
  const result = schemas[method]!.safeParse(params)
  if (!result.success) throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${method}`)
  return result.data as z.output<S[M]>
}

/** An answer as `schemas` reads it; otherwise `who` (a wallet, the secure frame, a node) answered it malformed (-32603). */
export function checkedResult<S extends MethodSchemas, M extends keyof S & string>(
  schemas: S,
  method: M,
  answer: unknown,
  who = 'The wallet',
): z.output<S[M]> {
  const result = schemas[method]!.safeParse(answer)
  if (!result.success) throw new ProviderRpcError(RpcErrorCode.InternalError, `${who} answered ${method} with a malformed result`)
  return result.data as z.output<S[M]>
}

/** A request naming another account than the connected one (4100), in every family. */
export const otherAccountError = () => new ProviderRpcError(RpcErrorCode.Unauthorized, 'The requested account is not the connected one')

/** A request for another chain than the active one (-32602), as MetaMask words it. */
export const otherChainError = (requested: string | number, chainId: number) =>
  new ProviderRpcError(RpcErrorCode.InvalidParams, `Provided chainId "${requested}" must match the active chainId "${chainId}"`)
