/**
 * The one storage interface of the API: PGlite (embedded Postgres, the default, in memory for
 * tests) or a Postgres server when DATABASE_URL is set. One SQL dialect: Postgres.
 */
export interface Database {
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>
  /** Runs `work` in one transaction; it rolls back when `work` throws. */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>
  close(): Promise<void>
}
