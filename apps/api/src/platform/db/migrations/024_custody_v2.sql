-- Issue 12 (custody v2). The recovery key material left this database's reach: it lives in the
-- key service (its own database, apps/api/src/origins/key-service/migrations), so the sealed recovery
-- share here opens only with what the key service releases after its own second-factor check.

-- When each one-time code was mailed, per address and device bucket (the known device's own, or
-- the one all unknown devices share): the exponential back-off and the daily cap are counted here,
-- never per client address.
CREATE TABLE IF NOT EXISTS secure_code_sends (
  -- The code mailed (a send whose mail failed is deleted with its code).
  code_id uuid NOT NULL,
  email text NOT NULL,
  bucket text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS secure_code_sends_idx ON secure_code_sends (email, bucket, created_at);

-- A passkey of the user (WebAuthn, rpId = the secure origin's host) and a copy of a device share
-- sealed under a key derived from the passkey's PRF output: the user-held second factor. The PRF
-- output never leaves the user's authenticator and the frame; this table holds ciphertext only.
CREATE TABLE IF NOT EXISTS secure_passkeys (
  user_id uuid NOT NULL REFERENCES secure_users (id) ON DELETE CASCADE,
  -- base64url of the credential id, as WebAuthn's allowCredentials takes it.
  credential_id text NOT NULL,
  prf_salt bytea NOT NULL,
  sealed_share bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, credential_id)
);
