-- The API's first migration: a place for server-wide settings. Feature tables come in their own files.
CREATE TABLE IF NOT EXISTS api_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
