import { IdentityResponse } from '@airlock/protocol'
import { DEFAULT_SDK_TYPE, RPC_TIMEOUT_MS, WIDGET_SDK_VERSION, type ProjectParams } from './client'

/** SPEC section 9: identity is cached 5 minutes. */
export const IDENTITY_TTL_MS = 5 * 60_000

export type Identity = IdentityResponse

/** A failed identity call; `status` is the HTTP status when the API answered. */
export class IdentityError extends Error {
  override name = 'IdentityError'
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

export interface IdentityClientConfig {
  apiUrl: string
  /** Read per call: options arrive from the host after boot. */
  project: () => ProjectParams
  fetch: typeof fetch
  timeoutMs?: number
  now?: () => number
}

export interface IdentityClient {
  /** The address's profile name and avatar (nulls when none), from the cache while it is fresh. */
  get(address: string): Promise<Identity>
  /** Drops the cached identity of `address` (a name was just registered), so the next get asks the api. */
  invalidate(address: string): void
}

function projectQuery(project: ProjectParams): URLSearchParams {
  return new URLSearchParams({
    projectId: project.projectId,
    st: project.sdkType ?? DEFAULT_SDK_TYPE,
    sv: project.sdkVersion ?? WIDGET_SDK_VERSION,
  })
}

/** `GET /v1/identity/{address}?sender=`, parsed with the protocol's schema and cached 5 minutes. */
export function createIdentityClient(config: IdentityClientConfig): IdentityClient {
  const base = config.apiUrl.replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? RPC_TIMEOUT_MS
  const now = config.now ?? Date.now
  const cache = new Map<string, { identity: Identity; at: number }>()
  const inFlight = new Map<string, Promise<Identity>>()
  /** Invalidated addresses: the api's answer is HTTP-cached 5 minutes too, so the next get revalidates it. */
  const revalidate = new Set<string>()

  const fetchIdentity = async (key: string, address: string): Promise<Identity> => {
    const query = projectQuery(config.project())
    query.set('sender', address)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    let body: unknown
    try {
      response = await config.fetch(`${base}/v1/identity/${encodeURIComponent(address)}?${query}`, {
        signal: controller.signal,
        ...(revalidate.has(key) ? { cache: 'no-cache' as const } : {}),
      })
      body = await response.json().catch(() => undefined)
    } catch (error) {
      throw new IdentityError(
        controller.signal.aborted ? 'Identity request timed out' : `Identity request failed: ${(error as Error)?.message}`,
      )
    } finally {
      clearTimeout(timer)
    }
    if (!response.ok) throw new IdentityError(`Identity request failed: HTTP ${response.status}`, response.status)
    const parsed = IdentityResponse.safeParse(body)
    if (!parsed.success) throw new IdentityError('Malformed identity response', response.status)
    cache.set(key, { identity: parsed.data, at: now() })
    revalidate.delete(key)
    return parsed.data
  }

  return {
    get(address) {
      const key = address.toLowerCase()
      const entry = cache.get(key)
      if (entry && now() - entry.at < IDENTITY_TTL_MS) return Promise.resolve(entry.identity)
      let pending = inFlight.get(key)
      if (!pending) {
        pending = fetchIdentity(key, address).finally(() => inFlight.delete(key))
        inFlight.set(key, pending)
      }
      return pending
    },
    invalidate(address) {
      cache.delete(address.toLowerCase())
      revalidate.add(address.toLowerCase())
    },
  }
}
