import type { ChildProcess } from 'node:child_process'

// Children still running; killed synchronously if this process goes away before stop().
const live = new Set<ChildProcess>()
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

function killAll(): void {
  for (const child of live) child.kill('SIGKILL')
  live.clear()
}

function onSignal(signal: NodeJS.Signals): void {
  // Another listener owns shutdown (and will exit, which triggers the 'exit' hook).
  if (process.listenerCount(signal) > 1) return
  killAll()
  unhook()
  // Nobody else listens: re-raise so the default handler terminates us as it would have.
  process.kill(process.pid, signal)
}

function hook(): void {
  process.on('exit', killAll)
  for (const s of SIGNALS) process.on(s, onSignal)
}

function unhook(): void {
  process.off('exit', killAll)
  for (const s of SIGNALS) process.off(s, onSignal)
}

export function track(child: ChildProcess): void {
  if (live.size === 0) hook()
  live.add(child)
  child.once('exit', () => {
    live.delete(child)
    if (live.size === 0) unhook()
  })
}
