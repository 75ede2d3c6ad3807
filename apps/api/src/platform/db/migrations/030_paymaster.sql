-- The relay's paymaster (issue 27, capabilities/relay): each project's sponsorship policy, the gas
-- it spent per chain and UTC day, and the user operations the relay sent. Wei as numeric(78, 0).
CREATE TABLE IF NOT EXISTS paymaster_policies (
  project_id text PRIMARY KEY,
  chains integer[] NOT NULL,
  -- Checksummed addresses a sponsored call may target.
  contracts text[] NOT NULL,
  daily_budget_wei numeric(78, 0) NOT NULL,
  max_operation_cost_wei numeric(78, 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Settled spend per project, chain and UTC day; reserved gas not yet settled is in paymaster_reservations.
-- Its row is also what concurrent reservations lock (SELECT ... FOR UPDATE) so that they queue.
CREATE TABLE IF NOT EXISTS paymaster_spend (
  project_id text NOT NULL,
  chain_id integer NOT NULL,
  day date NOT NULL,
  spent_wei numeric(78, 0) NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, chain_id, day)
);

-- A reservation counts against its day's budget while it is 'reserved' and not expired (a signed
-- paymaster approval never sent); settling moves the actual cost into paymaster_spend.
CREATE TABLE IF NOT EXISTS paymaster_reservations (
  id text PRIMARY KEY,
  project_id text NOT NULL,
  chain_id integer NOT NULL,
  day date NOT NULL,
  amount_wei numeric(78, 0) NOT NULL,
  state text NOT NULL CHECK (state IN ('reserved', 'settled', 'released')),
  expires_at timestamptz NOT NULL,
  settled_wei numeric(78, 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS paymaster_reservations_open_idx ON paymaster_reservations (project_id, chain_id, day) WHERE state = 'reserved';

-- User operations the relay submitted (eth_getUserOperationByHash / eth_getUserOperationReceipt).
CREATE TABLE IF NOT EXISTS relay_user_operations (
  chain_id integer NOT NULL,
  user_op_hash text NOT NULL,
  project_id text NOT NULL,
  entry_point text NOT NULL,
  -- The user operation as eth_sendUserOperation took it (RPC shape, hex quantities).
  user_operation jsonb NOT NULL,
  tx_hash text NOT NULL,
  -- The budget reservation the operation's gas settles.
  reservation_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, user_op_hash)
);
