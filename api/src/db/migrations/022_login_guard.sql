-- Failed logins per account key (HMAC of the canonical address, known or not), surviving restarts:
-- `failures` counts since the last success and decides when the bot check is required; the
-- window counts give the hard cap of failures per hour.
CREATE TABLE login_failures (
  account_key bytea PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL,
  window_failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL
);

-- Fixed-window counters for limits that must hold across processes and restarts
-- (e.g. resend per account). `bucket` names the limit, `key` the subject (hashed).
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  key bytea NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, key)
);
