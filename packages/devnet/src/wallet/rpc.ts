import { ProviderRpcError } from './errors'

let nextId = 1

/** One JSON-RPC call over HTTP; node errors keep their code so dapps see what anvil said. */
export async function rpcCall<T = unknown>(url: string, method: string, params: readonly unknown[] = []): Promise<T> {
  let body: { result?: T; error?: { code: number; message: string; data?: unknown } }
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    })
    body = await res.json()
  } catch (err) {
    throw new ProviderRpcError(-32603, `Devnet RPC ${url} unreachable: ${(err as Error).message}`, { cause: String(err) })
  }
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
  return body.result as T
}
