-- Sign in with X (issue 24): the nonces the API issues and the sessions it signs.
-- A nonce is single use (used_at set by the one UPDATE that claims it) and bound to its project.
CREATE TABLE IF NOT EXISTS siwx_nonces (
  nonce text PRIMARY KEY,
  project_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS siwx_nonces_expires_idx ON siwx_nonces (expires_at);

CREATE TABLE IF NOT EXISTS siwx_sessions (
  -- A random UUID: the token's sid.
  id text PRIMARY KEY,
  project_id text NOT NULL,
  namespace text NOT NULL,
  caip_network_id text NOT NULL,
  -- As the message writes it (eip155: EIP-55 checksummed).
  address text NOT NULL,
  -- SPEC section 3's data, parsed from the message.
  data jsonb NOT NULL,
  message text NOT NULL,
  signature text NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS siwx_sessions_account_idx ON siwx_sessions (project_id, address, caip_network_id);
