-- Transaction history, filled by the indexer (apps/api/src/capabilities/history/indexer.ts) from real chain data.
-- Addresses are stored lowercase (0x + 40 hex); amounts in smallest units; chains as CAIP-2 ids.

-- Indexer progress per chain: every block up to and including last_block is stored.
CREATE TABLE IF NOT EXISTS history_progress (
  chain text PRIMARY KEY,
  last_block bigint NOT NULL,
  last_block_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Token metadata per chain (the configured list, plus what unknown tokens answered).
CREATE TABLE IF NOT EXISTS history_tokens (
  chain text NOT NULL,
  address text NOT NULL,
  symbol text NOT NULL,
  name text NOT NULL,
  decimals integer NOT NULL,
  spam boolean NOT NULL DEFAULT false,
  icon_url text,
  PRIMARY KEY (chain, address)
);

-- One value movement ("leg") of a transaction: the top-level native value (leg_index -1), an ERC-20
-- Transfer log (leg_index = 2 * log_index), or a leg inferred from a wrapped-native Deposit/Withdrawal
-- event (2 * log_index for the token side, 2 * log_index + 1 for the native side).
CREATE TABLE IF NOT EXISTS history_transfers (
  chain text NOT NULL,
  tx_hash text NOT NULL,
  leg_index integer NOT NULL,
  block_number bigint NOT NULL,
  log_index integer,
  source text NOT NULL CHECK (source IN ('tx', 'log', 'deposit', 'withdrawal')),
  token_address text,
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  PRIMARY KEY (chain, tx_hash, leg_index)
);

-- One history entry per (account, transaction): the unit the history endpoint pages over.
CREATE TABLE IF NOT EXISTS history_entries (
  account text NOT NULL,
  chain text NOT NULL,
  tx_hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  mined_at timestamptz NOT NULL,
  operation_type text NOT NULL,
  status text NOT NULL CHECK (status IN ('confirmed', 'failed')),
  nonce bigint NOT NULL,
  sent_from text NOT NULL,
  sent_to text NOT NULL,
  PRIMARY KEY (account, chain, tx_hash)
);

-- Newest first, the keyset the cursor encodes.
CREATE INDEX IF NOT EXISTS history_entries_page ON history_entries (account, mined_at DESC, chain DESC, block_number DESC, tx_index DESC);
CREATE INDEX IF NOT EXISTS history_entries_chain_page ON history_entries (account, chain, mined_at DESC, block_number DESC, tx_index DESC);
