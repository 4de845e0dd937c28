-- Bot-check payloads already accepted: inserted after the signature and
-- the solution were verified; a second insert of the same id is a replay. Rows are useless after
-- the challenge expired and are purged then.
CREATE TABLE botcheck_used (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX botcheck_used_expires ON botcheck_used (expires_at);
