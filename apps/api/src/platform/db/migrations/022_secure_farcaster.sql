-- Sign In With Farcaster on the secure origin (apps/api/src/origins/secure/farcaster.ts): the frame
-- opens a channel at the Farcaster relay, the user approves in the Farcaster app (QR code or deep
-- link), and the frame claims the signed EIP-4361 message once the relay has it.

-- A Farcaster user has no email: the column becomes optional (the unique index on lower(email)
-- treats NULLs as distinct, so any number of users may have none).
ALTER TABLE secure_users ALTER COLUMN email DROP NOT NULL;

-- One sign-in attempt: started by the frame, claimed once by the same frame. Lives 10 minutes.
CREATE TABLE IF NOT EXISTS secure_farcaster_logins (
  -- SHA-256 (hex) of the relay's channel token; the token itself is not stored.
  channel_token_hash text PRIMARY KEY,
  -- The nonce the signed message must carry (not a secret: it is in the message).
  nonce text NOT NULL,
  -- The frame's device (SHA-256 of its token): only it may claim the result.
  device_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'failed', 'claimed')),
  -- The fid that signed in, once claimed.
  fid bigint,
  -- Why it failed, as shown to the user.
  failure text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS secure_farcaster_logins_expiry_idx ON secure_farcaster_logins (expires_at);

-- The Farcaster identity itself is a row of secure_social_identities: provider 'farcaster',
-- subject the fid (decimal), email NULL, name the username at the last sign-in.
