-- The secure-frame server (apps/api/src/origins/secure): embedded-wallet users, their devices and
-- sessions, one-time email codes and key shares. Secrets are stored only as hashes (session and
-- device tokens: SHA-256; codes: HMAC under the server secret). The recovery key material is NOT
-- here: it comes from the key service (a server secret / KMS), so this database alone holds one
-- usable share and one ciphertext, never enough to rebuild a seed.
CREATE TABLE IF NOT EXISTS secure_users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS secure_users_email_idx ON secure_users (lower(email));

-- A browser (its secure-origin storage partition) a user has signed in from. token_hash is the
-- SHA-256 of the random device token the frame keeps; one browser used by two users is two rows.
CREATE TABLE IF NOT EXISTS secure_devices (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES secure_users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  -- When the device passed verification (its first login, or the device code sent by mail).
  verified_at timestamptz,
  UNIQUE (user_id, token_hash)
);

CREATE TABLE IF NOT EXISTS secure_sessions (
  -- SHA-256 (hex) of the opaque session token; the token itself is never stored.
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES secure_users (id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES secure_devices (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS secure_sessions_user_idx ON secure_sessions (user_id);

CREATE TABLE IF NOT EXISTS secure_otp_codes (
  id uuid PRIMARY KEY,
  -- The address the code was mailed to, lower-cased.
  email text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('login', 'device', 'update-primary', 'update-secondary')),
  -- HMAC-SHA256 (hex) of the code under a key derived from the server secret.
  code_hash text NOT NULL,
  -- The device a 'device' code verifies (SHA-256 of its token).
  device_hash text,
  -- The signed-in user an email update belongs to, and the address it moves to.
  user_id uuid REFERENCES secure_users (id) ON DELETE CASCADE,
  new_email text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Wrong attempts so far; at the limit the code is dead.
  tries integer NOT NULL DEFAULT 0,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS secure_otp_codes_email_idx ON secure_otp_codes (email, purpose, created_at);

-- Opaque bytes from the secure frame: written once at wallet creation.
CREATE TABLE IF NOT EXISTS secure_key_shares (
  user_id uuid PRIMARY KEY REFERENCES secure_users (id) ON DELETE CASCADE,
  auth_share bytea NOT NULL,
  sealed_recovery_share bytea NOT NULL,
  created_at timestamptz NOT NULL
);
