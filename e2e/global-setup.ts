import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/**
 * Starts the e2e stack in its own Node process (the same code as `npm start`, on the e2e ports)
 * and stops it by pid when the run ends.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--e2e'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const info = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`e2e stack did not start in 120 s:\n${output}`)), 120_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const line = /^AIRLOCK_STACK (.*)$/m.exec(output)
      if (line) {
        clearTimeout(timer)
        resolve(line[1]!)
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`e2e stack exited with ${code}:\n${output}`))
    })
  })
  process.env.AIRLOCK_STACK = info
  return async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  }
}
