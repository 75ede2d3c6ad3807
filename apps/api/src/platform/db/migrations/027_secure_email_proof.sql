-- Social pre-hijack (issue 23): an account a social login created holds the email its provider
-- asserts, but only an email code proves that the person owns it. email_proven_at is when one did
-- (email login, or the new address's code of an email change); NULL: the provider's word only.
-- Email login joins such an account only from a device it knows (origins/secure/store.ts).
ALTER TABLE secure_users ADD COLUMN IF NOT EXISTS email_proven_at timestamptz;

-- Existing accounts: proven, unless a social login created them (its identity was linked at the
-- very instant the user was inserted, social-store.ts findOrCreateSocialUser).
UPDATE secure_users u SET email_proven_at = u.created_at
 WHERE u.email IS NOT NULL AND u.email_proven_at IS NULL
   AND NOT EXISTS (SELECT 1 FROM secure_social_identities i WHERE i.user_id = u.id AND i.created_at = u.created_at);
