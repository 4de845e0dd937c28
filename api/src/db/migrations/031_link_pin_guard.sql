-- Wrong PINs per public-link token (SHA-256 of the token, whether or not a link has it, so the
-- answers never tell whether a link exists): five in a row lock the token for 15 minutes.
-- Not a read model: attempts are not events (a locked link records one `LinkPinLocked`).
CREATE TABLE IF NOT EXISTS link_pin_failures (
  token_hash bytea PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);
