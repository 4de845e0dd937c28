-- Password reset links (forgot password): like e-mail verification tokens, only sha256(token) is
-- stored; valid 1 hour, single use; a completed reset deletes every row of the user.
-- Neither table loses a live token when a newer one is issued any more (auth/singleUseTokens.ts):
-- a mailed link stays valid for as long as its mail says.
CREATE TABLE password_reset_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);
