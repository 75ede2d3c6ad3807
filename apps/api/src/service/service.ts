import type { RunningServer } from '../platform/http/server'

/** One of Airlock's servers with what runs beside it (an indexer, a mailer, housekeeping). */
export interface Service {
  server: RunningServer
  /** Drains the server (requests in flight get `graceMs`), then stops what runs beside it. */
  close(graceMs?: number): Promise<void>
}

/**
 * Starts a server whose companions already run: they stop with it, or at once when it cannot
 * start (a port in use), so that nothing outlives a failed start.
 */
export async function serviceOf(
  start: () => Promise<RunningServer>,
  stopBeside: () => Promise<unknown> = async () => {},
): Promise<Service> {
  let server: RunningServer
  try {
    server = await start()
  } catch (error) {
    await stopBeside()
    throw error
  }
  return {
    server,
    close: async (graceMs) => {
      await server.close(graceMs)
      await stopBeside()
    },
  }
}
