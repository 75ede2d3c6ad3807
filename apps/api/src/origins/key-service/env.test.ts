import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { secureOriginPublicKey } from '../secure/secrets'
import { deadPort } from '../../testing/ports'
import { keyServiceConfigFromEnv, keyServiceEnvKeys } from './env'
import { startKeyService } from './server'

const secret = () => randomBytes(32).toString('base64url')
const required = () => ({
  AIRLOCK_ENV: 'development',
  KEY_SERVICE_PORT: '4410',
  KEY_SERVICE_SECURE_ORIGIN: 'https://secure.example',
  KEY_SERVICE_SECRET: secret(),
  KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY: secureOriginPublicKey(secret()),
})

describe('the key service environment', () => {
  it('maps every variable, an empty one counting as unset (compose writes KEY= for an unset ${KEY})', () => {
    const env = {
      ...required(),
      KEY_SERVICE_HOST: '0.0.0.0',
      KEY_SERVICE_DATABASE_URL: 'postgres://keys:pw@keys-db:5432/keys',
      KEY_SERVICE_DATA_DIR: '',
      KEY_SERVICE_SMTP_URL: 'smtp://mail:25',
      KEY_SERVICE_MAIL_FROM: 'Airlock <no-reply@example.com>',
      KEY_SERVICE_PUBLIC_URL: 'https://keys.example',
      KEY_SERVICE_RATE_LIMIT: '120/2.5',
      KEY_SERVICE_TRUSTED_PROXIES: '172.30.80.2, 10.0.0.0/8',
      KEY_SERVICE_RECOVERY_WAIT_HOURS: '72',
      KEY_SERVICE_COUNTRY_HEADER: 'CF-IPCountry',
      PATH: '/usr/bin',
    }
    expect(keyServiceConfigFromEnv(env)).toEqual({
      host: '0.0.0.0',
      port: 4410,
      secureOrigin: 'https://secure.example',
      secret: env.KEY_SERVICE_SECRET,
      secureOriginPublicKey: env.KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY,
      databaseUrl: 'postgres://keys:pw@keys-db:5432/keys',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Airlock <no-reply@example.com>',
      publicUrl: 'https://keys.example',
      rateLimit: { capacity: 120, refillPerSecond: 2.5 },
      trustedProxies: ['172.30.80.2', '10.0.0.0/8'],
      recoveryWaitHours: 72,
      countryHeader: 'CF-IPCountry',
    })
    expect(keyServiceEnvKeys().sort()).toEqual(['AIRLOCK_ENV', ...Object.keys(env).filter((key) => key.startsWith('KEY_SERVICE_'))].sort())
  })

  it('names each missing variable and refuses a malformed rate limit rather than ignoring it', () => {
    expect(() => keyServiceConfigFromEnv({ KEY_SERVICE_PORT: '4410', KEY_SERVICE_SECRET: '' })).toThrow(
      /KEY_SERVICE_SECURE_ORIGIN[\s\S]*KEY_SERVICE_SECRET[\s\S]*KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY/,
    )
    expect(() => keyServiceConfigFromEnv({ ...required(), KEY_SERVICE_RATE_LIMIT: 'lots' })).toThrow(/<burst>[\s\S]*KEY_SERVICE_RATE_LIMIT/)
  })

  it('refuses to keep custody in memory in production: its own database or nothing', () => {
    const { AIRLOCK_ENV: _development, ...production } = required()
    expect(() => keyServiceConfigFromEnv(production)).toThrow(
      'The key service refuses to start in production without:\n  ✖ KEY_SERVICE_DATABASE_URL: its Postgres database, apart from the others',
    )
    expect(() => keyServiceConfigFromEnv({ ...production, KEY_SERVICE_DATA_DIR: '/var/lib/keys' })).toThrow(/KEY_SERVICE_DATABASE_URL/)
    expect(keyServiceConfigFromEnv({ ...production, KEY_SERVICE_DATABASE_URL: 'postgres://keys:pw@keys-db:5432/keys' }).databaseUrl).toBe(
      'postgres://keys:pw@keys-db:5432/keys',
    )
  })

  it('starts the key service it describes', async () => {
    const port = await deadPort()
    const service = await startKeyService(keyServiceConfigFromEnv({ ...required(), KEY_SERVICE_PORT: String(port) }))
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({ ok: true })
    } finally {
      await service.close()
    }
  })
})
