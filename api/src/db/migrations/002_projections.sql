-- One row per projection: the version its live tables were built with and the position of the
-- last event applied to them. The runner updates it in the same transaction as the read-model
-- rows (exactly-once effect). Positions are the event store's opaque text ("tx:gp" or ESDB's
-- "commit:prepare"); NULL means nothing applied yet.
CREATE TABLE projection_checkpoints (
  projection text PRIMARY KEY,
  version integer NOT NULL,
  position text,
  status text NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'rebuilding')),
  -- A rebuild claims the projection with a token and keeps the heartbeat fresh; a stale
  -- heartbeat means its process died and another rebuild may take over.
  rebuild_token text,
  rebuild_heartbeat timestamptz,
  last_error text,
  last_error_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
