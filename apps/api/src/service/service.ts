import type { RunningServer } from '../http/server'

/** One of Airlock's servers with what runs beside it (an indexer, a mailer, housekeeping). */
export interface Service {
  server: RunningServer
  /** Drains the server (requests in flight get `graceMs`), then stops what runs beside it. */
  close(graceMs?: number): Promise<void>
}
