-- The mail outbox: a request records the mail here (often in its own
-- transaction) and the sender loop delivers it with retries and backoff. The message is sealed
-- with the data key of `subject_id`, so shredding a user or project also voids its pending mails,
-- and it is cleared once sent. `status`: pending → sending → sent, or dead after the last attempt.
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  subject_id text NOT NULL,
  message text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
