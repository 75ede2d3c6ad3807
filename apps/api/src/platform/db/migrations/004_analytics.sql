-- Analytics events (POST /e), stored only for projects with features.analytics.
CREATE TABLE IF NOT EXISTS analytics_events (
  -- The client's event id: a repeated id is ignored (idempotent ingest).
  event_id uuid PRIMARY KEY,
  project_id text NOT NULL,
  event text NOT NULL,
  url text NOT NULL,
  domain text NOT NULL,
  address text,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  sdk_type text,
  sdk_version text,
  -- When the client says the event happened, and when the API received it.
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS analytics_events_project_idx ON analytics_events (project_id, event, received_at);
