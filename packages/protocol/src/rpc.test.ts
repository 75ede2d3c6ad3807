import type { RemoteProxy } from 'penpal'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { rpcErrorMessages } from './error-messages'
import { ProviderRpcError, RpcErrorCode, toProviderRpcError } from './errors'
import { createCaller, exposeMethods } from './rpc'

const params = { greet: z.object({ name: z.string() }), fail: z.undefined() }
const results = { greet: z.string(), fail: z.void() }

describe('exposeMethods', () => {
  const invalid: string[] = []
  const methods = exposeMethods<typeof params, typeof results>(
    params,
    {
      greet: ({ name }) => `hello ${name}`,
      fail: () => {
        throw new ProviderRpcError(RpcErrorCode.UserRejected)
      },
    },
    (name) => invalid.push(name),
  ) as Record<string, (...args: unknown[]) => Promise<unknown>>

  it('runs a call whose params match the schema', async () => {
    await expect(methods.greet!({ name: 'Ada' })).resolves.toBe('hello Ada')
  })

  it('refuses bad params with -32602 and counts them, without running the method', async () => {
    await expect(methods.greet!({ name: 5 })).rejects.toEqual({ code: -32602, message: 'Invalid params for greet' })
    await expect(methods.greet!({ name: 'a' }, 'extra')).rejects.toMatchObject({ code: -32602 })
    expect(invalid).toEqual(['greet', 'greet'])
  })

  it('sends errors as plain objects so their code survives postMessage', async () => {
    const error = await methods.fail!().catch((e: unknown) => e)
    expect(error).toEqual({ code: 4001, message: 'User rejected the request.' })
    expect(structuredClone(error)).toEqual(error)
  })
})

describe('createCaller', () => {
  it('checks results and rebuilds ProviderRpcErrors', async () => {
    const invalid: string[] = []
    const remote = {
      greet: async (p: { name: string }) => (p.name === 'bad' ? 42 : `hi ${p.name}`),
      fail: async () => {
        throw { code: 4100, message: 'nope' }
      },
    }
    const caller = createCaller<typeof params, typeof results>(results, remote as unknown as RemoteProxy, (n) => invalid.push(n))
    await expect(caller.greet({ name: 'x' })).resolves.toBe('hi x')
    await expect(caller.greet({ name: 'bad' })).rejects.toMatchObject({ code: -32603, message: 'Malformed result from greet' })
    const error = await caller.fail().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect(error).toMatchObject({ code: 4100, message: 'nope' })
    expect(invalid).toEqual(['greet'])
  })

  it('turns a vanished peer into 4900', async () => {
    const penpalError = Object.assign(new Error('Connection destroyed'), { code: 'CONNECTION_DESTROYED' })
    const caller = createCaller<typeof params, typeof results>(
      results,
      { fail: async () => Promise.reject(penpalError) } as unknown as RemoteProxy,
      () => {},
    )
    await expect(caller.fail()).rejects.toMatchObject({ code: 4900 })
  })
})

describe('toProviderRpcError', () => {
  it('keeps EIP-1193 codes and maps bare errors to -32603', () => {
    expect(toProviderRpcError({ code: 4001, message: 'User rejected the request.' }).code).toBe(4001)
    expect(toProviderRpcError(new Error('Devnet wallet crashed'))).toMatchObject({ code: -32603, message: 'Devnet wallet crashed' })
    expect(toProviderRpcError('weird')).toMatchObject({ code: -32603, message: 'Internal JSON-RPC error.' })
    expect(new ProviderRpcError(4200).message).toBe('The requested method is not supported by this Ethereum provider.')
  })
})

describe('the standard error messages', () => {
  it('name every code, and are what a ProviderRpcError made with a code alone says', () => {
    for (const code of Object.values(RpcErrorCode)) {
      expect(rpcErrorMessages[code], `code ${code}`).toMatch(/\w/)
      expect(new ProviderRpcError(code).message).toBe(rpcErrorMessages[code])
    }
    expect(new ProviderRpcError(1234).message).toBe('Unknown error')
  })
})
