-- Polkadot transfers indexed by the API (apps/api/src/chains/polkadot/indexer.ts): the
-- balances.Transfer events of each finalized block from where the index started. Keys are the
-- accounts' public keys (hex, 0x + 64), amounts and fees in planck.

-- Every block from first_block up to and including last_block is stored; below first_block the
-- history page scans the node.
CREATE TABLE IF NOT EXISTS polkadot_index_progress (
  chain text PRIMARY KEY,
  first_block bigint NOT NULL,
  last_block bigint NOT NULL,
  last_block_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS polkadot_transfers (
  chain text NOT NULL,
  block_number bigint NOT NULL,
  -- The event's place among the block's events.
  event_index integer NOT NULL,
  block_hash text NOT NULL,
  extrinsic_index integer,
  -- The extrinsic's hash (the block's when no extrinsic made the transfer).
  tx_hash text NOT NULL,
  nonce bigint NOT NULL,
  mined_at timestamptz NOT NULL,
  from_key text NOT NULL,
  to_key text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  -- What the sender, and what the receiver, paid as the extrinsic's fee (null: none).
  from_fee numeric(78, 0),
  to_fee numeric(78, 0),
  PRIMARY KEY (chain, block_number, event_index)
);

-- An account's transfers newest first, sent and received.
CREATE INDEX IF NOT EXISTS polkadot_transfers_from ON polkadot_transfers (chain, from_key, block_number DESC, event_index DESC);
CREATE INDEX IF NOT EXISTS polkadot_transfers_to ON polkadot_transfers (chain, to_key, block_number DESC, event_index DESC);
