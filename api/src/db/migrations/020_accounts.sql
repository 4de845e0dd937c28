-- Write-side tables of accounts. Secrets never enter events: password
-- hashes, session tokens and verification tokens live here, tokens only as SHA-256 hashes.

-- One row per registered address. `email_lookup` is an HMAC of the canonical address under a key
-- derived from the KEK, so a database dump alone does not reveal which addresses are registered.
-- The row is the uniqueness guard of registration (the event store cannot enforce it).
CREATE TABLE user_emails (
  email_lookup bytea PRIMARY KEY,
  user_id uuid NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_credentials (
  user_id uuid PRIMARY KEY,
  password_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Bearer sessions: only sha256(token) is stored. Idle expiry is checked against last_seen_at,
-- absolute expiry against expires_at; logout and user deletion delete the rows.
CREATE TABLE sessions (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Single-use e-mail verification tokens (sha256), 24 h; a resend deletes the older ones.
CREATE TABLE email_verification_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX email_verification_tokens_user ON email_verification_tokens (user_id);
