import type { Methods, RemoteProxy } from 'penpal'
import type * as z from 'zod/mini'
import { ProviderRpcError, RpcErrorCode, toProviderRpcError, toRpcErrorObject } from './errors'
import type { MethodCaller, MethodImpl } from './methods'

type ParamMap = Record<string, z.ZodMiniType>
type ResultMap<P extends ParamMap> = { [K in keyof P]: z.ZodMiniType }

/** A zod schema or its lite twin: all that run-time checking needs. */
export interface Validator {
  safeParse(value: unknown): { success: boolean; data?: unknown }
}
export type Validators<M> = { [K in keyof M]: Validator }

/**
 * Wraps an implementation so that every call is checked against its schema before it runs, and
 * every error leaves as a plain {code, message} object (Error instances lose `code` in transit).
 * The methods sit on a null-prototype object: penpal looks a call's name up by property, and on a
 * plain object `constructor` or `toString` would answer without any check.
 */
export function exposeMethods<P extends ParamMap, R extends ResultMap<P>>(
  params: Validators<P>,
  impl: MethodImpl<P, R>,
  onInvalid: (method: string) => void,
): Methods {
  const methods: Methods = Object.create(null)
  for (const name of Object.keys(params) as (keyof P & string)[]) {
    const schema = params[name]
    methods[name] = async (...args: unknown[]) => {
      const parsed = args.length <= 1 ? schema.safeParse(args[0]) : undefined
      if (!parsed?.success) {
        onInvalid(name)
        throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${name}`).toJSON()
      }
      try {
        return await impl[name](parsed.data as never)
      } catch (error) {
        throw toRpcErrorObject(error)
      }
    }
  }
  return methods
}

/** A typed caller over a penpal remote: results are checked, failures become ProviderRpcErrors. */
export function createCaller<P extends ParamMap, R extends ResultMap<P>>(
  results: Validators<R>,
  remote: RemoteProxy,
  onInvalid: (method: string) => void,
): MethodCaller<P, R> {
  const caller: Record<string, (params?: unknown) => Promise<unknown>> = {}
  for (const name of Object.keys(results) as (keyof R & string)[]) {
    const schema = results[name]
    caller[name] = async (params?: unknown) => {
      const call = (remote as Record<string, unknown>)[name] as (...args: unknown[]) => Promise<unknown>
      let value: unknown
      try {
        value = await (params === undefined ? call() : call(params))
      } catch (error) {
        throw fromRemoteError(error)
      }
      const parsed = schema.safeParse(value)
      if (!parsed.success) {
        onInvalid(name)
        throw new ProviderRpcError(RpcErrorCode.InternalError, `Malformed result from ${name}`)
      }
      return parsed.data
    }
  }
  return caller as MethodCaller<P, R>
}

function fromRemoteError(error: unknown): ProviderRpcError {
  // penpal's own failures (connection destroyed, timeout) mean the other side is gone.
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return new ProviderRpcError(RpcErrorCode.Disconnected, `Airlock is not connected: ${error.message}`)
  }
  return toProviderRpcError(error)
}
