import { fileURLToPath } from 'node:url'
import type { Stack } from '../scripts/stack'
import { startReadyProcess } from '../scripts/ready-process'

/** What scripts/start.ts --e2e or --bench prints on its AIRLOCK_STACK line: the stack's URLs and origins. */
export interface StackInfo {
  urls: Stack['urls']
  origins: Stack['config']['origins']
}

/**
 * The stack in its own Node process (the same code as `npm start`, on the e2e or bench ports),
 * once it is up: its AIRLOCK_STACK line as printed and read, and how to stop it by pid.
 */
export async function startStackProcess(mode: 'e2e' | 'bench'): Promise<{ line: string; info: StackInfo; stop(): Promise<void> }> {
  const stack = await startReadyProcess({
    name: `${mode} stack`,
    entry: 'scripts/start.ts',
    args: [`--${mode}`],
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    ready: /^AIRLOCK_STACK (.*)$/m,
    timeoutMs: 120_000,
  })
  const line = stack.ready[1]!
  return { line, info: JSON.parse(line) as StackInfo, stop: stack.stop }
}

/** Starts the e2e stack and stops it when the run ends. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startStackProcess('e2e')
  process.env.AIRLOCK_STACK = stack.line
  return stack.stop
}
