import * as z from 'zod'
import { splitProxyList } from '../../platform/http/client-address'
import { RateLimitText } from '../../platform/http/rate-limit'
import type { KeyServiceConfig } from './server'

/**
 * What the key service's process (`main.ts`) reads from its environment: docker-compose.yml sets
 * these for it, and a test holds the two together. Only their shape is checked here; their values
 * are KeyServiceConfig's to judge once mapped.
 */
export const KeyServiceEnv = z.object({
  /** `production` (the default) refuses to start without KEY_SERVICE_DATABASE_URL; `development` keeps shares in PGlite. */
  AIRLOCK_ENV: z.enum(['production', 'development']).default('production'),
  /** Default 127.0.0.1; 0.0.0.0 in a container. */
  KEY_SERVICE_HOST: z.string().optional(),
  KEY_SERVICE_PORT: z.string(),
  /** The secure origin, the only browser origin allowed to call. */
  KEY_SERVICE_SECURE_ORIGIN: z.string(),
  /** Its own secret (base64 or hex, 32 bytes or more), never the secure origin's. */
  KEY_SERVICE_SECRET: z.string(),
  /** `secureOriginPublicKey(AIRLOCK_SECURE_SECRET)`, base64 SPKI: the key its assertions are checked with. */
  KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY: z.string(),
  /** A Postgres database of its own; else PGlite in KEY_SERVICE_DATA_DIR, or in memory. */
  KEY_SERVICE_DATABASE_URL: z.string().optional(),
  KEY_SERVICE_DATA_DIR: z.string().optional(),
  KEY_SERVICE_SMTP_URL: z.string().optional(),
  KEY_SERVICE_MAIL_FROM: z.string().optional(),
  /** Where browsers reach it (`https://keys.example.com`): https turns HSTS on. */
  KEY_SERVICE_PUBLIC_URL: z.string().optional(),
  /** `<burst>/<per second>` per client address, e.g. `60/1`. */
  KEY_SERVICE_RATE_LIMIT: RateLimitText.optional(),
  /** The proxies in front (IPs, CIDR ranges, comma separated), whose X-Forwarded-For names the client. */
  KEY_SERVICE_TRUSTED_PROXIES: z.string().optional(),
  /** Hours a new device waits to recover by email alone when the account has a passkey (default 48). */
  KEY_SERVICE_RECOVERY_WAIT_HOURS: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a number of hours')
    .optional(),
  /** The header in which the proxy in front names the client's country (e.g. CF-IPCountry), for the device mails. */
  KEY_SERVICE_COUNTRY_HEADER: z.string().optional(),
})

/** The variables the key service reads: what docker-compose.yml may set for it. */
export const keyServiceEnvKeys = (): string[] => Object.keys(KeyServiceEnv.shape)

/** The key service's config from its environment; an empty variable is an unset one (compose writes `KEY=` for an unset `${KEY}`). */
export function keyServiceConfigFromEnv(env: Record<string, string | undefined>): KeyServiceConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const parsed = KeyServiceEnv.safeParse(present)
  if (!parsed.success) throw new Error(`Invalid environment of the key service:\n${z.prettifyError(parsed.error)}`)
  const vars = parsed.data
  // Shares kept in memory, or in files of one container, are lost with it: custody needs its database.
  if (vars.AIRLOCK_ENV === 'production' && !vars.KEY_SERVICE_DATABASE_URL)
    throw new Error(
      'The key service refuses to start in production without:\n  ✖ KEY_SERVICE_DATABASE_URL: its Postgres database, apart from the others\n(AIRLOCK_ENV=development keeps shares in PGlite, for a local try only)',
    )
  return {
    ...(vars.KEY_SERVICE_HOST ? { host: vars.KEY_SERVICE_HOST } : {}),
    port: Number(vars.KEY_SERVICE_PORT),
    secureOrigin: vars.KEY_SERVICE_SECURE_ORIGIN,
    secret: vars.KEY_SERVICE_SECRET,
    secureOriginPublicKey: vars.KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY,
    ...(vars.KEY_SERVICE_DATABASE_URL ? { databaseUrl: vars.KEY_SERVICE_DATABASE_URL } : {}),
    ...(vars.KEY_SERVICE_DATA_DIR ? { dataDir: vars.KEY_SERVICE_DATA_DIR } : {}),
    ...(vars.KEY_SERVICE_SMTP_URL ? { smtpUrl: vars.KEY_SERVICE_SMTP_URL } : {}),
    ...(vars.KEY_SERVICE_MAIL_FROM ? { mailFrom: vars.KEY_SERVICE_MAIL_FROM } : {}),
    ...(vars.KEY_SERVICE_PUBLIC_URL ? { publicUrl: vars.KEY_SERVICE_PUBLIC_URL } : {}),
    ...(vars.KEY_SERVICE_RATE_LIMIT ? { rateLimit: vars.KEY_SERVICE_RATE_LIMIT } : {}),
    trustedProxies: splitProxyList(vars.KEY_SERVICE_TRUSTED_PROXIES),
    ...(vars.KEY_SERVICE_RECOVERY_WAIT_HOURS ? { recoveryWaitHours: Number(vars.KEY_SERVICE_RECOVERY_WAIT_HOURS) } : {}),
    ...(vars.KEY_SERVICE_COUNTRY_HEADER ? { countryHeader: vars.KEY_SERVICE_COUNTRY_HEADER } : {}),
  }
}
