import type { WidgetContext } from '../context'

/**
 * Values kept across page loads the way connectors/recent.ts keeps the recent wallet: the
 * widget's own storage first; where the browser leaves that memory-only (a third-party iframe),
 * the host keeps the value in the dapp page's storage, which the dapp reads. So the keys of
 * PRIVATE_KEYS never go there: without storage of its own the widget keeps them in memory, and the
 * embedded wallet's session survives a reload through the secure origin's partitioned cookie.
 */
export async function loadPersisted(ctx: WidgetContext, key: string): Promise<string | undefined> {
  const local = ctx.storage.get(key)
  const host = hostStorage(ctx, key)
  if (local !== undefined || !host) return local
  const remote = await host.storageGet({ key }).catch(() => null)
  if (remote === null) return undefined
  ctx.storage.set(key, remote)
  return remote
}

export function savePersisted(ctx: WidgetContext, key: string, value: string): void {
  ctx.storage.set(key, value)
  hostStorage(ctx, key)
    ?.storageSet({ key, value })
    .catch(() => {})
}

export function removePersisted(ctx: WidgetContext, key: string): void {
  ctx.storage.remove(key)
  hostStorage(ctx, key)
    ?.storageRemove({ key })
    .catch(() => {})
}

/** The dapp page's storage, when the widget has none of its own and the key is not private. */
function hostStorage(ctx: WidgetContext, key: string) {
  return ctx.storage.persistent || PRIVATE_KEYS.has(key) ? undefined : ctx.host.api
}

/** The network chosen with switchNetwork (a CAIP-2 id). */
export const ACTIVE_NETWORK_KEY = 'airlock.activeCaipNetworkId'

/**
 * Cached login data (SPEC section 4), cleared on disconnect and on a failed connection check. The
 * email and social logins of a later issue write these keys.
 */
export const EMAIL_LOGIN_USED_KEY = 'airlock.emailLoginUsed'
export const EMAIL_KEY = 'airlock.email'
export const LAST_USED_CHAIN_KEY = 'airlock.lastUsedChain'
export const SOCIAL_USERNAME_KEY = 'airlock.socialUsername'
export const CACHED_LOGIN_KEYS = [EMAIL_LOGIN_USED_KEY, EMAIL_KEY, LAST_USED_CHAIN_KEY, SOCIAL_USERNAME_KEY] as const

/** The social provider of the current login (google, github, ...), reset on disconnect. */
export const CONNECTED_SOCIAL_KEY = 'airlock.connectedSocial'
/** The embedded wallet's session token (the frame's sessionUpdate): it opens nothing without its device, but it is the user's. */
export const AUTH_SESSION_KEY = 'airlock.secure.session'

/** Never written through the dapp page (issue 12): the session token and who the user is. */
export const PRIVATE_KEYS: ReadonlySet<string> = new Set([AUTH_SESSION_KEY, EMAIL_KEY, SOCIAL_USERNAME_KEY])
