-- The append-only event log. Readers order by
-- (transaction_id, global_position) and only read below the oldest running transaction, so an
-- event whose transaction commits late is never skipped.
CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream text NOT NULL CHECK (stream <> ''),
  revision bigint NOT NULL CHECK (revision >= 0),
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL CHECK (type <> ''),
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream, revision),
  -- The readers' order. As the key it is also the only index on global_position (unique on its
  -- own, being an identity): every index costs appends, so there is no second one.
  PRIMARY KEY (transaction_id, global_position)
);

CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_refuse_change();

CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change();
