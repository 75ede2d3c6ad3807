-- Social logins bound to the browser that runs them (apps/api/src/origins/secure/social.ts, issue 12).
-- The frame's start no longer hands out the provider's URL: it gets a flow token F (the row's key,
-- kept as its hash) and a popup URL on the secure origin. That page binds the flow once to the
-- browser that opened it (an HttpOnly cookie carrying a binder B) and only then sends it to the
-- provider with a fresh OAuth state. The callback refuses a browser without B; a completed flow is
-- claimable only with the one-time proof P its callback page posted to the frame that started it.

-- Flows of the old kind (unbound, or completed without a proof) can never finish under these rules.
DELETE FROM secure_social_logins WHERE status IN ('pending', 'completed');

-- The row's key is the hash of the flow token F (the frame's claim handle), no longer the OAuth state.
ALTER TABLE secure_social_logins RENAME COLUMN state_hash TO flow_hash;

ALTER TABLE secure_social_logins
  -- SHA-256 (hex) of the OAuth `state` sent to the provider, set when the popup binds the flow.
  ADD COLUMN IF NOT EXISTS oauth_state_hash text UNIQUE,
  -- SHA-256 (hex) of the binder B in the popup's cookie; NULL until bound (bound once).
  ADD COLUMN IF NOT EXISTS binder_hash text,
  ADD COLUMN IF NOT EXISTS bound_at timestamptz,
  -- SHA-256 (hex) of the one-time proof P the callback page posts to the frame; the claim needs P.
  ADD COLUMN IF NOT EXISTS proof_hash text,
  -- The provider identity a 'link-required' flow would link to the existing user of its email
  -- (user_id), once a session of that user confirms it at the claim.
  ADD COLUMN IF NOT EXISTS link_subject text,
  ADD COLUMN IF NOT EXISTS link_email text,
  ADD COLUMN IF NOT EXISTS link_name text;

ALTER TABLE secure_social_logins DROP CONSTRAINT IF EXISTS secure_social_logins_status_check;
ALTER TABLE secure_social_logins
  ADD CONSTRAINT secure_social_logins_status_check
  CHECK (status IN ('pending', 'completed', 'link-required', 'failed', 'claimed'));
