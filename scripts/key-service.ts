import { fileURLToPath } from 'node:url'
import { startReadyProcess } from './ready-process'

/** The key service's entry: it runs as its own process, never inside the api's. */
const MAIN = fileURLToPath(new URL('../apps/api/src/origins/key-service/main.ts', import.meta.url))

export interface KeyServiceProcess {
  url: string
  stop(): Promise<void>
}

/**
 * Starts the key service in its own Node process (as a deployment runs it: its own secret and
 * database, configured by KEY_SERVICE_* variables) and resolves once it listens.
 */
export async function startKeyServiceProcess(env: Record<string, string>, log?: (line: string) => void): Promise<KeyServiceProcess> {
  const { ready, stop } = await startReadyProcess({
    name: 'the key service',
    entry: MAIN,
    env,
    ready: /^KEY_SERVICE_READY (\S+)$/m,
    timeoutMs: 90_000,
    ...(log ? { onStderr: (line: string) => log(`[key service] ${line}`) } : {}),
  })
  return { url: ready[1]!, stop }
}
