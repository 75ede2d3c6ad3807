import type { Context, MiddlewareHandler } from 'hono'
import type { Database } from '../../platform/db/database'
import type { Mailer } from '../../platform/mail/mailer'
import type { ServerKeys } from './secrets'
import type { SecureSession, SecureUser } from './store'

/** The secure-origin API's Hono env: the session, once a route required one. */
export type SecureEnv = { Variables: { session: SecureSession } }
export type SecureContext = Context<SecureEnv>

/** What app.ts lends the route modules (email.ts, custody.ts): its storage, clock and session code. */
export interface SecureDeps {
  db: Database
  now: () => number
  keys: ServerKeys
  mailer: Mailer | undefined
  bodyLimit: MiddlewareHandler<SecureEnv>
  /** The per-client-address limit of the calls that send mail. */
  mailLimit: MiddlewareHandler<SecureEnv>
  /** The client's network as the rate limits key it (an IPv4 address or an IPv6 /64, through the trusted proxies). */
  client: (c: SecureContext) => string
  /** The per-account limit of login code checks (`key`: email and device bucket): the 429 to answer, else undefined. */
  loginLimit: (c: SecureContext, key: string) => Promise<Response | undefined>
  deviceToken: (c: SecureContext) => string | undefined
  /** Sets the device cookie for a freshly issued device token. */
  issueDevice: (c: SecureContext, token: string) => void
  currentSession: (c: SecureContext) => Promise<SecureSession | undefined>
  /** 401 without a live session, 429 past the account's limit of signed-in calls; else `c.var.session`. */
  requireSession: MiddlewareHandler<SecureEnv>
  /** 403 unless the request also carries the device token the session was opened on. */
  requireDeviceSession: MiddlewareHandler<SecureEnv>
  /** A new session for a user on this device: its cookie set, `{ token, expiresAt, user }` answered. */
  openSession: (c: SecureContext, device: string, user: (tx: Database, at: Date) => Promise<SecureUser>) => Promise<Response>
}
