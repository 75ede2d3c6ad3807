import { fileURLToPath } from 'node:url'
import { startReadyProcess } from '../scripts/ready-process'

/**
 * Starts the e2e stack in its own Node process (the same code as `npm start`, on the e2e ports)
 * and stops it by pid when the run ends.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startReadyProcess({
    name: 'e2e stack',
    entry: 'scripts/start.ts',
    args: ['--e2e'],
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    ready: /^AIRLOCK_STACK (.*)$/m,
    timeoutMs: 120_000,
  })
  process.env.AIRLOCK_STACK = stack.ready[1]!
  return stack.stop
}
