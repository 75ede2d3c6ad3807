-- The key service (apps/api/src/origins/key-service): its own database, never the secure origin's. It
-- holds the recovery key material of each user (sealed under the key service's own secret) and
-- the second-factor codes it mails itself; no key share is ever here.

-- A user as the secure origin names them (its user id), with the email the second-factor codes go
-- to: the account's email when the wallet was created (NULL for Farcaster-only accounts).
CREATE TABLE IF NOT EXISTS ks_users (
  user_id text PRIMARY KEY,
  email text,
  created_at timestamptz NOT NULL
);

-- Recovery key material, one row per wallet creation (append-only: a re-enrolment never destroys
-- what an earlier sealed recovery share needs). AES-256-GCM under a key derived from the key
-- service's secret: iv (12) | ciphertext | tag (16).
CREATE TABLE IF NOT EXISTS ks_materials (
  key_id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES ks_users (user_id) ON DELETE CASCADE,
  sealed bytea NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ks_materials_user_idx ON ks_materials (user_id);

-- Second-factor codes, one per (user, secure-origin device): a code asked for on one device never
-- replaces another device's. HMAC of the code under a key derived from the secret.
CREATE TABLE IF NOT EXISTS ks_codes (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES ks_users (user_id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS ks_codes_user_idx ON ks_codes (user_id, device_hash, created_at);

-- Browsers holding a cookie vault key (the key service's own partitioned device cookie, hashed).
CREATE TABLE IF NOT EXISTS ks_devices (
  user_id text NOT NULL REFERENCES ks_users (user_id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, device_hash)
);

-- Each secure-origin assertion is accepted once.
CREATE TABLE IF NOT EXISTS ks_used_assertions (
  jti uuid PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- What was released, to whom, on what proof. Written in the same transaction as the release.
CREATE TABLE IF NOT EXISTS ks_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  user_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('enrol', 'recover', 'device-key')),
  -- How the requester proved themselves beyond the secure origin's assertion ('email-code'), or NULL.
  factor text,
  -- The secure-origin device (from the assertion) and the key service's own device cookie, hashed.
  device_hash text NOT NULL,
  ks_device_hash text,
  key_ids uuid[] NOT NULL DEFAULT '{}',
  client_address text,
  user_agent text
);
CREATE INDEX IF NOT EXISTS ks_audit_user_idx ON ks_audit (user_id, at);
