/**
 * The life of one service's process, the same for every entry point (service/main.ts,
 * key-service/main.ts): read the environment (a bad one ends the process with its message, exit
 * 1, before anything listens), start, print one ready line, and drain on SIGTERM / SIGINT (requests
 * in flight finish; exit 0, or 1 if the drain fails). Orchestrators and the tests read that contract.
 */
export interface ServiceProcess<Config, Running> {
  configure(env: NodeJS.ProcessEnv): Config
  /** Called once configured, before start: where the process's log lines go. */
  logs?(config: Config): void
  start(config: Config): Promise<Running>
  /** The line printed once it listens. */
  ready(running: Running, config: Config): string
  /** Drains and closes what start opened. */
  stop(running: Running): Promise<void>
}

export async function runProcess<Config, Running>(spec: ServiceProcess<Config, Running>): Promise<void> {
  let config: Config
  try {
    config = spec.configure(process.env)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  spec.logs?.(config)
  const running = await spec.start(config).catch((error: unknown) => {
    console.error('start failed:', error)
    process.exit(1)
  })
  console.log(spec.ready(running, config))

  const stop = (signal: string) => {
    console.log(JSON.stringify({ msg: 'draining', signal }))
    void spec.stop(running).then(
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
}
