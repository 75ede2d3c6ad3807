-- Email-only recovery of an account that holds a passkey (issue 23): the key service remembers
-- that the account has a passkey (the secure origin says so in its recover assertions; never
-- forgotten here), and a new device asking to recover by email waits: the owner is mailed a
-- cancel link, every device with the wallet open is told, and the code is mailed only once the
-- waiting period is over.
ALTER TABLE ks_users ADD COLUMN IF NOT EXISTS passkey_at timestamptz;

CREATE TABLE IF NOT EXISTS ks_recoveries (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES ks_users (user_id) ON DELETE CASCADE,
  -- The secure-origin device that asked (from its assertion): only that device may recover with it.
  device_hash text NOT NULL,
  requested_at timestamptz NOT NULL,
  opens_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  cancelled_at timestamptz,
  -- SHA-256 of the mailed cancel link's token.
  cancel_hash text NOT NULL UNIQUE,
  -- The number the asking device shows (number matching) and how the mail described it.
  match text NOT NULL,
  device text NOT NULL,
  place text NOT NULL
);
CREATE INDEX IF NOT EXISTS ks_recoveries_user_idx ON ks_recoveries (user_id, requested_at);

ALTER TABLE ks_audit DROP CONSTRAINT IF EXISTS ks_audit_action_check;
ALTER TABLE ks_audit ADD CONSTRAINT ks_audit_action_check
  CHECK (action IN ('enrol', 'recover', 'device-key', 'recovery-request', 'recovery-cancel'));
