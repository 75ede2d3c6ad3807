-- Social login on the secure origin (apps/api/src/origins/secure/social.ts): OAuth 2 / OpenID
-- Connect code flow with PKCE. The popup runs top-level on the secure origin, a different cookie
-- partition from the frame, so the frame and the popup meet only through the state below.

-- One login attempt: created by the frame (start), completed or failed by the popup (callback),
-- claimed once by the same frame. Lives 10 minutes.
CREATE TABLE IF NOT EXISTS secure_social_logins (
  -- SHA-256 (hex) of the random `state` sent to the provider; the state itself is not stored.
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  -- The frame's device (SHA-256 of its token): only it may claim the result.
  device_hash text NOT NULL,
  -- The PKCE code verifier and the ID token nonce: never leave the server.
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'claimed')),
  user_id uuid REFERENCES secure_users (id) ON DELETE CASCADE,
  -- Why it failed, as shown to the user.
  failure text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS secure_social_logins_expiry_idx ON secure_social_logins (expires_at);

-- Who a provider says a user is: (provider, sub) -> user, linked by the provider's verified email.
CREATE TABLE IF NOT EXISTS secure_social_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES secure_users (id) ON DELETE CASCADE,
  email text,
  name text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX IF NOT EXISTS secure_social_identities_user_idx ON secure_social_identities (user_id);
