-- Account names (`alice.airlock.id`), their addresses per ENSIP-11 coin type, and the signed
-- messages already used (replay protection for names and smart sessions).
CREATE TABLE IF NOT EXISTS names (
  -- Stored lower-case, so the primary key makes names unique case-insensitively.
  name text PRIMARY KEY CHECK (name = lower(name) AND length(name) <= 255),
  -- The address that signed the registration (checksummed).
  owner text NOT NULL,
  -- { avatar?: string, bio?: string }
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  registered_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS name_addresses (
  name text NOT NULL REFERENCES names (name) ON DELETE CASCADE,
  -- ENSIP-11: 60 for Ethereum mainnet, 0x80000000 | chainId for other EVM chains.
  coin_type bigint NOT NULL CHECK (coin_type >= 0 AND coin_type <= 4294967295),
  address text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (name, coin_type)
);
CREATE INDEX IF NOT EXISTS name_addresses_address_idx ON name_addresses (lower(address));

CREATE TABLE IF NOT EXISTS used_signed_messages (
  -- keccak256(purpose, signer, message): see identity/signatures.ts.
  digest text PRIMARY KEY,
  purpose text NOT NULL,
  address text NOT NULL,
  used_at timestamptz NOT NULL
);
