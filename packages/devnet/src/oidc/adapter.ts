import type { Adapter, AdapterPayload } from 'oidc-provider'

/**
 * oidc-provider's storage for one stand-in: codes, tokens, sessions, grants and interactions in a
 * Map, dropped when they expire and when the stand-in stops (the library's own memory adapter is
 * process-wide and warns on every start).
 */
export function memoryAdapterFactory(): (model: string) => Adapter {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const byUid = new Map<string, string>() // session uid -> Session key
  const byGrant = new Map<string, Set<string>>() // grant id -> keys of its tokens and codes
  const byUserCode = new Map<string, string>()
  const get = (key: string | undefined) => {
    if (key === undefined) return undefined
    const entry = entries.get(key)
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key)
      return undefined
    }
    return entry?.payload
  }
  return (model) => {
    const key = (id: string) => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        entries.set(key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 })
        if (model === 'Session' && payload.uid) byUid.set(payload.uid, key(id))
        if (payload.grantId && model !== 'Grant' && model !== 'Session') {
          const keys = byGrant.get(payload.grantId) ?? new Set<string>()
          byGrant.set(payload.grantId, keys.add(key(id)))
        }
        if (payload.userCode) byUserCode.set(payload.userCode, key(id))
      },
      async find(id) {
        return get(key(id))
      },
      async findByUid(uid) {
        return get(byUid.get(uid))
      },
      async findByUserCode(userCode) {
        return get(byUserCode.get(userCode))
      },
      async consume(id) {
        const payload = get(key(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        entries.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        for (const revoked of byGrant.get(grantId) ?? []) entries.delete(revoked)
        byGrant.delete(grantId)
      },
    }
  }
}
