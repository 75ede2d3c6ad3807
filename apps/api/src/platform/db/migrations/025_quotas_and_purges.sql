-- Hardening: the analytics quota and retention, the on-ramp sandbox's session cap and purge.

-- Analytics events counted per project and fixed window (POST /e answers 429 past the quota);
-- rows of past windows are deleted by the retention run.
CREATE TABLE IF NOT EXISTS analytics_quota (
  project_id text NOT NULL,
  window_start timestamptz NOT NULL,
  events integer NOT NULL,
  PRIMARY KEY (project_id, window_start)
);

-- Retention deletes events by when they were received.
CREATE INDEX IF NOT EXISTS analytics_events_received_idx ON analytics_events (received_at);

-- The cap counts a user's open checkout sessions; the purge finds the open ones long expired.
CREATE INDEX IF NOT EXISTS onramp_sessions_open_by_user ON onramp_sessions (project_id, partner_user_id, expires_at) WHERE status = 'open';
CREATE INDEX IF NOT EXISTS onramp_sessions_open_expiry ON onramp_sessions (expires_at) WHERE status = 'open';
