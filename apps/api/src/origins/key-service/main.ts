import { useJsonConsole } from '../../platform/process/json-console'
import { runProcess } from '../../platform/process/run'
import { keyServiceConfigFromEnv } from './env'
import { startKeyService } from './server'

/**
 * The key service as its own process (`node --import tsx apps/api/src/origins/key-service/main.ts`),
 * configured from the environment (env.ts); `npm start` and the tests spawn it this way, a
 * deployment runs it as its own service. Prints `KEY_SERVICE_READY <url>` once it listens (in
 * production, where its logs are JSON lines, `{"msg":"ready","url":…}`); SIGTERM / SIGINT drain it
 * (process/run.ts): requests in flight get DRAIN_MS to finish.
 */
const DRAIN_MS = 10_000

const production = process.env.AIRLOCK_ENV !== 'development'
await runProcess({
  configure: keyServiceConfigFromEnv,
  logs: () => {
    if (production) useJsonConsole('keys')
  },
  start: startKeyService,
  ready: (service) => (production ? JSON.stringify({ msg: 'ready', url: service.url }) : `KEY_SERVICE_READY ${service.url}`),
  stop: (service) => service.close(DRAIN_MS),
})
