-- Data keys of users and projects, wrapped by the KEK (which never enters the database).
-- Deleting a row crypto-shreds every field sealed with that key.
CREATE TABLE IF NOT EXISTS data_keys (
  subject_id text PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  wrapped bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Subjects whose key was destroyed: a late writer must not create a fresh key for them.
CREATE TABLE IF NOT EXISTS shredded_subjects (
  subject_id text PRIMARY KEY,
  shredded_at timestamptz NOT NULL DEFAULT now()
);
