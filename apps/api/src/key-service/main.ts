import { splitProxyList } from '../http/client-address'
import { startKeyService } from './server'

/**
 * The key service as its own process (`node --import tsx apps/api/src/key-service/main.ts`),
 * configured from the environment; `npm start` and the tests spawn it this way, a deployment runs it
 * as its own service. Prints `KEY_SERVICE_READY <url>` once it listens; SIGTERM / SIGINT stop it.
 */
const env = process.env
const limit = env.KEY_SERVICE_RATE_LIMIT?.match(/^(\d+)\/(\d+(?:\.\d+)?)$/)
const service = await startKeyService({
  ...(env.KEY_SERVICE_HOST ? { host: env.KEY_SERVICE_HOST } : {}),
  port: Number(env.KEY_SERVICE_PORT),
  secureOrigin: env.KEY_SERVICE_SECURE_ORIGIN ?? '',
  secret: env.KEY_SERVICE_SECRET ?? '',
  secureOriginPublicKey: env.KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY ?? '',
  ...(env.KEY_SERVICE_DATABASE_URL ? { databaseUrl: env.KEY_SERVICE_DATABASE_URL } : {}),
  ...(env.KEY_SERVICE_DATA_DIR ? { dataDir: env.KEY_SERVICE_DATA_DIR } : {}),
  ...(env.KEY_SERVICE_SMTP_URL ? { smtpUrl: env.KEY_SERVICE_SMTP_URL } : {}),
  ...(env.KEY_SERVICE_MAIL_FROM ? { mailFrom: env.KEY_SERVICE_MAIL_FROM } : {}),
  ...(env.KEY_SERVICE_PUBLIC_URL ? { publicUrl: env.KEY_SERVICE_PUBLIC_URL } : {}),
  ...(limit ? { rateLimit: { capacity: Number(limit[1]), refillPerSecond: Number(limit[2]) } } : {}),
  trustedProxies: splitProxyList(env.KEY_SERVICE_TRUSTED_PROXIES),
})
console.log(`KEY_SERVICE_READY ${service.url}`)

const stop = () => void service.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
