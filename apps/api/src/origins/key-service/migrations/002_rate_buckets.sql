-- The rate limit's token buckets, shared by every key service process on one Postgres server
-- (http/bucket-store.ts; the same table as the API's 026_shared_state.sql). Empty with PGlite.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_buckets (
  scope text NOT NULL,
  key text NOT NULL,
  tokens double precision NOT NULL,
  updated_ms bigint NOT NULL,
  full_ms bigint NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS rate_buckets_full ON rate_buckets (full_ms);
