-- State that every API process on one Postgres server must agree on (several instances on one
-- DATABASE_URL). With PGlite (one process) these tables stay empty: that state lives in memory.
-- Unlogged: short-lived counters and copies, not worth the write-ahead log; a crash or failover
-- that empties them only refills the buckets, restarts a quota window and empties a cache.
-- Times are the API processes' clocks, in ms since 1970.

-- Token buckets of the rate limits (http/bucket-store.ts), per limit (scope) and client (key):
-- the tokens left at updated_ms, and full_ms, when the bucket is full again; a full bucket is as
-- good as none, so the purge drops the rows past full_ms.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_buckets (
  scope text NOT NULL,
  key text NOT NULL,
  tokens double precision NOT NULL,
  updated_ms bigint NOT NULL,
  full_ms bigint NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS rate_buckets_full ON rate_buckets (full_ms);

-- The RPC proxy's calls per project in the project's current window (rpc/quota.ts): one row per project.
CREATE UNLOGGED TABLE IF NOT EXISTS rpc_quota (
  project_id text PRIMARY KEY,
  window_start bigint NOT NULL,
  calls integer NOT NULL
);

-- Short-lived answers (balances, 30 s) per scope and key (balance/cache.ts), as JSON text; the
-- purge drops the expired rows.
CREATE UNLOGGED TABLE IF NOT EXISTS shared_cache (
  scope text NOT NULL,
  key text NOT NULL,
  value text NOT NULL,
  expires_ms bigint NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS shared_cache_expiry ON shared_cache (expires_ms);
