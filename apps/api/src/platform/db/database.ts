/**
 * The one storage interface of the API: PGlite (embedded Postgres, the default, in memory for
 * tests) or a Postgres server when DATABASE_URL is set. One SQL dialect: Postgres.
 */
export interface Database {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>
  /** Runs `work` in one transaction; it rolls back when `work` throws. */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>
  /**
   * True for a Postgres server, which several API processes may use at once: what they must agree
   * on (rate limits, quotas, caches) then lives in it. False for PGlite, which one process alone opens.
   */
  readonly shared: boolean
  /**
   * Makes this process the one holder of `name` among every process on this database, or answers
   * undefined while another holder has it. A holder that dies loses it (its connection closes).
   */
  lease(name: string): Promise<Lease | undefined>
  /**
   * Waits for the lock `name` (one holder at a time across processes), runs `work`, and lets the
   * lock go, also when `work` throws. The waiters of one process queue in it, in order, holding no
   * database connection while they wait.
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** A lease of Database.lease. */
export interface Lease {
  /** Resolves when the lease ends without release(): its connection died, or the database was closed. */
  readonly lost: Promise<void>
  /** Gives the lease up; idempotent. */
  release(): Promise<void>
}
