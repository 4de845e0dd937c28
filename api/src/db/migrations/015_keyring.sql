-- The keyring: data keys are wrapped by the current epoch key of their bucket, kept
-- outside the database (KEYRING_DIR). `bucket`/`epoch` NULL: a key still wrapped by the legacy
-- KEK, moved into a bucket at start-up.
ALTER TABLE data_keys ADD COLUMN IF NOT EXISTS bucket integer;
ALTER TABLE data_keys ADD COLUMN IF NOT EXISTS epoch integer;
CREATE INDEX IF NOT EXISTS data_keys_bucket ON data_keys (bucket);

-- Each bucket's current epoch. Deleting a subject advances it (rotation) and the previous epoch
-- key is destroyed; an epoch key no row refers to is destroyed by the upkeep.
CREATE TABLE IF NOT EXISTS keyring_buckets (
  bucket integer PRIMARY KEY,
  epoch integer NOT NULL
);
