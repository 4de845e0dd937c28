-- Public links of projects: the token `pub_` + 43 base64url characters is a
-- capability, so only its SHA-256 is looked up; the owner's copy of it is sealed with the
-- project's data key (destroyed with the project, which makes the row useless). Not a read
-- model: no event carries the token, so a rebuild can never recreate it.
CREATE TABLE IF NOT EXISTS project_links (
  project_id uuid PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  token_sealed text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
