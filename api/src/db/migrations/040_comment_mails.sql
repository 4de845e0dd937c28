-- The technician's choice of mails about doctors' comments (instant, digest or none; no row:
-- digest), and per project when the last such mail went out and how many comments wait for the
-- next digest. Settings and counters, not domain facts: they go with the account and the project.
CREATE TABLE IF NOT EXISTS comment_mail_settings (
  user_id uuid PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('instant', 'digest', 'none'))
);

CREATE TABLE IF NOT EXISTS comment_mail_digests (
  project_id uuid PRIMARY KEY,
  last_sent_at timestamptz NOT NULL,
  pending integer NOT NULL
);

CREATE INDEX IF NOT EXISTS comment_mail_digests_due ON comment_mail_digests (last_sent_at)
  WHERE pending > 0;
