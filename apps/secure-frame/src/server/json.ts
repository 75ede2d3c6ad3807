import * as z from 'zod/mini'

/** How the frame calls its two servers (its own origin, and the key service): JSON both ways, every answer checked. */

/** A refusal of a server, with its message (the text the user sees) and HTTP status (0: unreachable). */
export class ServerError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'ServerError'
  }
}

export const SERVER_UNREACHABLE = 'The login server cannot be reached: check your connection and try again'

const ErrorBody = z.object({ error: z.string().check(z.maxLength(500)) })

export async function requestJson<T>(
  doFetch: typeof fetch,
  url: string,
  init: { method: string; headers?: Record<string, string>; credentials: RequestCredentials; body?: unknown },
  schema: z.ZodMiniType<T>,
): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { ...init.headers }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await doFetch(url, {
      method: init.method,
      headers,
      credentials: init.credentials,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    })
  } catch {
    throw new ServerError(SERVER_UNREACHABLE, 0)
  }
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(json)
    throw new ServerError(parsed.success ? parsed.data.error : `The login server answered ${response.status}`, response.status)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new ServerError('The login server sent an answer this page does not understand', response.status)
  return { status: response.status, data: parsed.data }
}

export const Base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/), z.maxLength(4096))
export const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
export const toBase64 = (data: Uint8Array) => btoa(String.fromCharCode(...data))
