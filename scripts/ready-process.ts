import { spawn } from 'node:child_process'

export interface ReadyProcess {
  /** The first match of `ready` in the child's stdout. */
  ready: RegExpExecArray
  /** SIGTERM, then SIGKILL after 5 s; resolves once it exited. Idempotent. */
  stop(): Promise<void>
  /** Sends `signal` at once (SIGKILL: a crash, nothing cleaned up); resolves once it exited. */
  kill(signal: NodeJS.Signals): Promise<void>
  /** Everything it printed so far, stdout and stderr. */
  output(): string
}

/**
 * Runs a TypeScript entry in its own Node process and resolves once a whole line of its stdout
 * matches `ready`;
 * rejects (and stops it) when it exits first or takes longer than `timeoutMs`, with its output.
 */
export function startReadyProcess(options: {
  name: string
  entry: string
  args?: string[]
  cwd?: string
  env?: Record<string, string>
  ready: RegExp
  timeoutMs: number
  onStderr?: (line: string) => void
}): Promise<ReadyProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry, ...(options.args ?? [])], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  // A parent that dies (an uncaught error included) takes the child along: a stack left running
  // would hold its ports against the next run.
  const orphaned = () => child.kill('SIGTERM')
  process.once('exit', orphaned)
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.off('exit', orphaned)
      resolve()
    }),
  )
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${options.name} did not start in ${options.timeoutMs / 1000} s:\n${output}`))
    }, options.timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      // Whole lines only: a chunk can end inside the ready line.
      const ready = options.ready.exec(output.slice(0, output.lastIndexOf('\n') + 1))
      if (ready) {
        clearTimeout(timer)
        resolve({
          ready,
          stop,
          kill: async (signal) => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal)
            await exited
          },
          output: () => output,
        })
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk
      if (options.onStderr) for (const line of String(chunk).trimEnd().split('\n')) options.onStderr(line)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${options.name} exited with ${code}:\n${output}`))
    })
  })
}
