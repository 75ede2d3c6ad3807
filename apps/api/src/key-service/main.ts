import { keyServiceConfigFromEnv } from './env'
import { startKeyService } from './server'

/**
 * The key service as its own process (`node --import tsx apps/api/src/key-service/main.ts`),
 * configured from the environment (env.ts); `npm start` and the tests spawn it this way, a
 * deployment runs it as its own service. Prints `KEY_SERVICE_READY <url>` once it listens;
 * SIGTERM / SIGINT stop it.
 */
const service = await startKeyService(keyServiceConfigFromEnv(process.env))
console.log(`KEY_SERVICE_READY ${service.url}`)

const stop = () => void service.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
