import { SIWX_MAX_EXPIRATION_SECONDS, type SiwxMessageData } from '@airlock/protocol'
import { FAMILIES, isNamespace } from '../../chains/families'
import type { ChainRegistry } from '../../chains/registry'
import type { Project } from '../../platform/projects/project'
import type { SiwxFamily } from './family'
import { SiwxReason } from './reasons'

/** The pure rules of a sign-in message (no I/O): the site, the chain and the clock. */

/** A nonce is good for this long after it was issued. */
export const SIWX_NONCE_TTL_MS = 10 * 60_000
/** How far a browser's clock may run ahead of the server's for Issued At and Not Before. */
export const SIWX_CLOCK_SKEW_MS = 60_000
/** A session without an expiration time lasts this long; none lasts longer than SIWX_SESSION_MAX_MS. */
export const SIWX_SESSION_DEFAULT_MS = 7 * 24 * 3600_000
export const SIWX_SESSION_MAX_MS = SIWX_MAX_EXPIRATION_SECONDS * 1000

/** The refusal of `data` for `project` now, or undefined when the site, address, chain and times are right. */
export function checkSiwxMessage(
  data: SiwxMessageData,
  context: { project: Project; family: SiwxFamily; chains: ChainRegistry; nowMs: number },
): string | undefined {
  const { project, family, chains, nowMs } = context
  if (!family.isAddress(data.accountAddress)) return SiwxReason.address
  // A site signs in on its own origin: the domain must be one of the project's, and the URI on it.
  if (!project.allowedOrigins.some((origin) => new URL(origin).host === data.domain)) return SiwxReason.wrongDomain
  const uri = URL.parse(data.uri)
  if (!uri || uri.host !== data.domain || !project.allowedOrigins.includes(uri.origin)) return SiwxReason.wrongUri
  // A sign-in for a network the API cannot reach is refused.
  const namespace = family.template.namespace
  if (!isNamespace(namespace) || !FAMILIES[namespace].networks(chains).includes(data.chainId)) return SiwxReason.wrongChain
  const future = nowMs + SIWX_CLOCK_SKEW_MS
  if (Date.parse(data.issuedAt) > future || (data.notBefore && Date.parse(data.notBefore) > future)) return SiwxReason.notYetValid
  if (data.expirationTime && Date.parse(data.expirationTime) <= nowMs) return SiwxReason.expired
  return undefined
}

/** When a session signed in now ends: the message's expiration time, within the longest session. */
export function sessionEnd(data: SiwxMessageData, nowMs: number): number {
  const asked = data.expirationTime ? Date.parse(data.expirationTime) : nowMs + SIWX_SESSION_DEFAULT_MS
  return Math.min(asked, nowMs + SIWX_SESSION_MAX_MS)
}
