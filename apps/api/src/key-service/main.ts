import { useJsonConsole } from '../service/json-console'
import { keyServiceConfigFromEnv } from './env'
import { startKeyService } from './server'

/**
 * The key service as its own process (`node --import tsx apps/api/src/key-service/main.ts`),
 * configured from the environment (env.ts); `npm start` and the tests spawn it this way, a
 * deployment runs it as its own service. Prints `KEY_SERVICE_READY <url>` once it listens (in
 * production, where its logs are JSON lines, `{"msg":"ready","url":…}`); SIGTERM / SIGINT drain it:
 * requests in flight get DRAIN_MS to finish.
 */
const DRAIN_MS = 10_000

let config
try {
  config = keyServiceConfigFromEnv(process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const production = process.env.AIRLOCK_ENV !== 'development'
if (production) useJsonConsole('keys')
const service = await startKeyService(config)
console.log(production ? JSON.stringify({ msg: 'ready', url: service.url }) : `KEY_SERVICE_READY ${service.url}`)

const stop = () => void service.close(DRAIN_MS).then(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
