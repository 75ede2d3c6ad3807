import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import * as z from 'zod'
import { openDatabase } from '../../platform/db/open'
import { startRateBucketPurge } from '../../platform/http/bucket-store'
import { TrustedProxy } from '../../platform/http/client-address'
import { startNodeServer, type RunningServer } from '../../platform/http/server'
import { smtpMailer } from '../../platform/mail/mailer'
import { decodeSecret } from '../../platform/security/tokens'
import { createKeyServiceApp } from './app'
import { importPublicKey } from './assertion'
import { keyServiceKeys } from './secrets'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

const Secret = z.string().refine((text) => decodeSecret(text) !== undefined, 'must be base64 or hex of at least 32 bytes')
const Limit = z.object({ capacity: z.number().int().positive(), refillPerSecond: z.number().positive() })

/** What the key service needs to run; its own, shared with no other service. */
export const KeyServiceConfig = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(1).max(65535),
  /** The secure origin (`https://secure.airlock.dev`): the only browser origin allowed to call. */
  secureOrigin: z.url({ protocol: /^https?$/ }),
  /** The key service's own secret (a KMS / secret manager in production). */
  secret: Secret,
  /** The secure-origin server's Ed25519 public key, base64 SPKI (`npm start` derives it from the secure origin's secret). */
  secureOriginPublicKey: z.string().min(40).max(200),
  /** A Postgres server of its own; else embedded PGlite in `dataDir`, or in memory. */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  dataDir: z.string().min(1).optional(),
  smtpUrl: z.url({ protocol: /^smtps?$/ }).optional(),
  mailFrom: z.string().min(3).max(200).optional(),
  rateLimit: z.union([Limit, z.literal(false)]).optional(),
  /** Where browsers reach it (`https://keys.airlock.dev`), when a TLS proxy is in front: https turns HSTS on. */
  publicUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** The proxies in front of it (IPs, CIDR ranges), whose X-Forwarded-For names the client. */
  trustedProxies: z.array(TrustedProxy).optional(),
  /** How long a new device waits to recover by email alone when the account has a passkey (default 48). */
  recoveryWaitHours: z
    .number()
    .min(0)
    .max(24 * 30)
    .optional(),
  /** A header in which the trusted proxy names the client's country (e.g. `CF-IPCountry`), for the device mails. */
  countryHeader: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .optional(),
})
export type KeyServiceConfig = z.input<typeof KeyServiceConfig>

/** Opens the key service's own database and serves its API. */
export async function startKeyService(input: KeyServiceConfig): Promise<RunningServer> {
  const parsed = KeyServiceConfig.safeParse(input)
  if (!parsed.success) throw new Error(`Invalid key service config:\n${z.prettifyError(parsed.error)}`)
  const config = parsed.data
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, migrationsDir: MIGRATIONS_DIR })
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined
  const app = createKeyServiceApp({
    secureOrigin: config.secureOrigin,
    sosPublicKey: importPublicKey(config.secureOriginPublicKey),
    keys: keyServiceKeys(decodeSecret(config.secret)!),
    db,
    ...(mailer ? { mailer } : {}),
    ...(config.rateLimit !== undefined ? { rateLimit: config.rateLimit } : {}),
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(config.trustedProxies ? { trustedProxies: config.trustedProxies } : {}),
    ...(config.recoveryWaitHours !== undefined ? { recoveryWaitMs: config.recoveryWaitHours * 60 * 60_000 } : {}),
    ...(config.countryHeader ? { countryHeader: config.countryHeader } : {}),
  })
  // Several key service processes on one Postgres server share the rate limit's buckets: the full ones go.
  const purge = db.shared ? startRateBucketPurge(db, Date.now) : undefined
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false })
  let server: RunningServer
  try {
    server = await startNodeServer({ name: 'key service', host: config.host, port: config.port, handler: () => listener })
  } catch (error) {
    mailer?.close()
    await purge?.stop()
    await db.close()
    throw error
  }
  let closing: Promise<void> | undefined
  return {
    ...server,
    close: (graceMs) => (closing ??= server.close(graceMs).then(async () => (mailer?.close(), await purge?.stop(), await db.close()))),
  }
}
