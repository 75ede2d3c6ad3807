import { parseServiceEnv } from './env'
import { useJsonConsole } from './json-console'
import { runService } from './run'

/**
 * One of Airlock's services as its own process, configured from the environment (service/env.ts):
 * `AIRLOCK_SERVICE=api node --import tsx apps/api/src/service/main.ts`. The Dockerfile's command;
 * the tests spawn it this way too. Logs are JSON lines; prints `{"msg":"ready",…}` once it
 * listens; SIGTERM / SIGINT drain it (requests in flight finish) and exit 0.
 */
let env
try {
  env = parseServiceEnv(process.env)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
useJsonConsole(env.AIRLOCK_SERVICE)
const running = await runService(env).catch((error: unknown) => {
  console.error('start failed:', error)
  process.exit(1)
})
console.log(JSON.stringify({ msg: 'ready', url: running.service.server.url, admin: running.admin.url }))

const stop = (signal: string) => {
  console.log(JSON.stringify({ msg: 'draining', signal }))
  void running.stop().then(
    () => {
      console.log(JSON.stringify({ msg: 'stopped' }))
      process.exit(0)
    },
    (error: unknown) => {
      console.error('stop failed:', error)
      process.exit(1)
    },
  )
}
process.once('SIGTERM', () => stop('SIGTERM'))
process.once('SIGINT', () => stop('SIGINT'))
