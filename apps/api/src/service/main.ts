import { parseServiceEnv } from './env'
import { useJsonConsole } from '../platform/process/json-console'
import { runProcess } from '../platform/process/run'
import { runService } from './run'

/**
 * One of Airlock's services as its own process, configured from the environment (service/env.ts):
 * `AIRLOCK_SERVICE=api node --import tsx apps/api/src/service/main.ts`. The Dockerfile's command;
 * the tests spawn it this way too. Logs are JSON lines; prints `{"msg":"ready",…}` once it
 * listens; SIGTERM / SIGINT drain it (process/run.ts).
 */
await runProcess({
  configure: parseServiceEnv,
  logs: (env) => useJsonConsole(env.AIRLOCK_SERVICE),
  start: runService,
  ready: (running) => JSON.stringify({ msg: 'ready', url: running.service.server.url, admin: running.admin.url }),
  stop: (running) => running.stop(),
})
