-- Smart-session permissions (ERC-7715 grants) per account: listed by GET /v1/sessions/{address},
-- revoked by a signature of the account.
CREATE TABLE IF NOT EXISTS smart_sessions (
  -- Permission context id: a random UUID the API assigns.
  pci text PRIMARY KEY,
  caip_network_id text NOT NULL,
  -- Checksummed account address.
  address text NOT NULL,
  project_id text NOT NULL,
  -- Unix seconds.
  expiry bigint NOT NULL,
  signer jsonb,
  permissions jsonb NOT NULL,
  policies jsonb NOT NULL,
  context text,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS smart_sessions_address_idx ON smart_sessions (lower(address), created_at);
