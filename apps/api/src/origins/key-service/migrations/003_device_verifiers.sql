-- A cookie vault's key derives from the raw device cookie, which the key service never stores
-- (issue 23): ks_devices keeps a salted verifier of it, sha256(salt || sha256(token)), so that the
-- store plus the key service's secret no longer recompute any vault key. The rows from before hold
-- the unsalted sha256(token), from which the old key derived: they get a salt and a verifier over
-- that hash, and legacy_key, so that the browser's next call is also given its old key, once, to
-- reseal its vault under the new one.
ALTER TABLE ks_devices
  ADD COLUMN salt bytea,
  ADD COLUMN verifier bytea,
  ADD COLUMN legacy_key boolean NOT NULL DEFAULT false;
UPDATE ks_devices SET salt = decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), legacy_key = true;
UPDATE ks_devices SET verifier = sha256(salt || decode(device_hash, 'hex'));

-- The audit named each browser by the same unsalted hash: it names it by its verifier now (a
-- browser whose row is gone, by a hash of the old name: still one name per browser).
UPDATE ks_audit a SET ks_device_hash = COALESCE(
  (SELECT encode(d.verifier, 'hex') FROM ks_devices d WHERE d.user_id = a.user_id AND d.device_hash = a.ks_device_hash),
  encode(sha256(decode(a.ks_device_hash, 'hex')), 'hex')
) WHERE a.ks_device_hash IS NOT NULL;

ALTER TABLE ks_devices DROP CONSTRAINT ks_devices_pkey;
ALTER TABLE ks_devices
  DROP COLUMN device_hash,
  ALTER COLUMN salt SET NOT NULL,
  ALTER COLUMN verifier SET NOT NULL,
  ADD PRIMARY KEY (user_id, salt);
