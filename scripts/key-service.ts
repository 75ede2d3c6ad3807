import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The key service's entry: it runs as its own process, never inside the api's. */
const MAIN = fileURLToPath(new URL('../apps/api/src/key-service/main.ts', import.meta.url))

export interface KeyServiceProcess {
  url: string
  stop(): Promise<void>
}

/**
 * Starts the key service in its own Node process (as a deployment runs it: its own secret and
 * database, configured by KEY_SERVICE_* variables) and resolves once it listens.
 */
export function startKeyServiceProcess(env: Record<string, string>, log?: (line: string) => void): Promise<KeyServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`the key service did not start in 90 s:\n${output}`))
    }, 90_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const ready = /^KEY_SERVICE_READY (\S+)$/m.exec(output)
      if (ready) {
        clearTimeout(timer)
        resolve({ url: ready[1]!, stop })
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk
      for (const line of String(chunk).trimEnd().split('\n')) log?.(`[key service] ${line}`)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the key service exited with ${code}:\n${output}`))
    })
  })
}
