-- On-ramp sandbox (apps/api/src/capabilities/onramp): checkout sessions and the purchases paid through them.

-- A checkout session, created by POST /v1/generators/onrampurl; its id (32 random bytes) is the
-- secret in the checkout URL. Paid once: status moves open -> paid in one conditional UPDATE.
CREATE TABLE IF NOT EXISTS onramp_sessions (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  provider text NOT NULL,
  partner_user_id text NOT NULL,
  chain text NOT NULL,
  destination text NOT NULL,
  asset text NOT NULL,
  payment_currency text NOT NULL,
  preset_fiat_cents bigint,
  preset_crypto_units numeric(78, 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A purchase: the card was accepted; the treasury sends the crypto (pending -> success | failed).
CREATE TABLE IF NOT EXISTS onramp_purchases (
  id text PRIMARY KEY,
  session_id text NOT NULL UNIQUE REFERENCES onramp_sessions (id),
  provider text NOT NULL,
  partner_user_id text NOT NULL,
  chain text NOT NULL,
  destination text NOT NULL,
  sent_from text NOT NULL,
  asset text NOT NULL,
  asset_name text NOT NULL,
  token_address text,
  decimals integer NOT NULL,
  crypto_units numeric(78, 0) NOT NULL,
  usd_price text NOT NULL,
  payment_currency text NOT NULL,
  payment_total text NOT NULL,
  payment_subtotal text NOT NULL,
  provider_fee text NOT NULL,
  network_fee text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'success', 'failed')),
  tx_hash text,
  nonce bigint,
  error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX IF NOT EXISTS onramp_purchases_by_destination ON onramp_purchases (destination, provider, created_at DESC, id DESC);
