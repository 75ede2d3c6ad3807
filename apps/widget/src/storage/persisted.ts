import type { WidgetContext } from '../context'

/**
 * Values kept across page loads the way connectors/recent.ts keeps the recent wallet: the
 * widget's own storage first; where the browser leaves that memory-only (a third-party iframe),
 * the host keeps the value in the dapp page's storage.
 */
export async function loadPersisted(ctx: WidgetContext, key: string): Promise<string | undefined> {
  const local = ctx.storage.get(key)
  if (local !== undefined || ctx.storage.persistent || !ctx.host.api) return local
  const remote = await ctx.host.api.storageGet({ key }).catch(() => null)
  if (remote === null) return undefined
  ctx.storage.set(key, remote)
  return remote
}

export function savePersisted(ctx: WidgetContext, key: string, value: string): void {
  ctx.storage.set(key, value)
  if (!ctx.storage.persistent) ctx.host.api?.storageSet({ key, value }).catch(() => {})
}

export function removePersisted(ctx: WidgetContext, key: string): void {
  ctx.storage.remove(key)
  if (!ctx.storage.persistent) ctx.host.api?.storageRemove({ key }).catch(() => {})
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
