import { DEFAULT_SDK_TYPE, RPC_TIMEOUT_MS, WIDGET_SDK_VERSION, type ProjectParams } from './client'

/**
 * The data API's JSON calls (SPEC section 7): every call carries projectId, st and sv; every
 * answer is parsed with its zod schema from @airlock/protocol before anyone reads it. A refusal
 * (`{status, error, reasons: [{description}]}`) becomes a DataApiError whose message is the first
 * reason, as the api's README promises the modal shows; a network failure, a time-out or a body
 * that does not parse are DataApiErrors too, so callers handle one error type.
 */

/** What a zod (or zod/mini) schema offers; the widget needs no more of zod than this. */
export interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown }
}

export class DataApiError extends Error {
  override name = 'DataApiError'
  constructor(
    message: string,
    /** The HTTP status when the api answered. */
    readonly status?: number,
  ) {
    super(message)
  }
}

export interface DataApiConfig {
  apiUrl: string
  /** Read per call: options arrive from the host after boot. */
  project: () => ProjectParams
  fetch: typeof fetch
  timeoutMs?: number
}

type Query = Record<string, string | undefined>

export interface DataApi {
  /** `what` names the call in errors ('Quote request failed: …'). */
  get<T>(path: string, query: Query, schema: Schema<T>, what: string): Promise<T>
  post<T>(path: string, body: unknown, schema: Schema<T>, what: string, query?: Query): Promise<T>
}

export function createDataApi(config: DataApiConfig): DataApi {
  const base = config.apiUrl.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? RPC_TIMEOUT_MS

  const call = async <T>(method: 'GET' | 'POST', path: string, query: Query, body: unknown, schema: Schema<T>, what: string) => {
    const { projectId, sdkType, sdkVersion } = config.project()
    const params = new URLSearchParams({ projectId, st: sdkType ?? DEFAULT_SDK_TYPE, sv: sdkVersion ?? WIDGET_SDK_VERSION })
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    let json: unknown
    try {
      response = await config.fetch(`${base}${path}?${params}`, {
        method,
        signal: controller.signal,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      })
      json = await response.json().catch(() => undefined)
    } catch (error) {
      throw new DataApiError(
        controller.signal.aborted ? `${what} request timed out` : `${what} request failed: ${(error as Error)?.message ?? 'network error'}`,
      )
    } finally {
      clearTimeout(timer)
    }
    if (!response.ok) throw new DataApiError(refusal(json) ?? `${what} request failed: HTTP ${response.status}`, response.status)
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new DataApiError(`${what}: malformed response`, response.status)
    return parsed.data
  }

  return {
    get: (path, query, schema, what) => call('GET', path, query, undefined, schema, what),
    post: (path, body, schema, what, query = {}) => call('POST', path, query, body, schema, what),
  }
}

/** The first reason's description of an api refusal, else its `error`. */
export function refusal(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { reasons, error } = body as { reasons?: unknown; error?: unknown }
  const first = Array.isArray(reasons) ? (reasons[0] as { description?: unknown } | undefined) : undefined
  if (typeof first?.description === 'string' && first.description) return first.description
  return typeof error === 'string' && error ? error : undefined
}
