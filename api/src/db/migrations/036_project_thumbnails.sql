-- One thumbnail per project version: a PNG of the version's models, stored encrypted
-- with the project's key like every file (`blob_key`, under the project's prefix). Not a read
-- model: a rendering is not an event. Deleting the project deletes the rows and the files.
CREATE TABLE IF NOT EXISTS project_thumbnails (
  project_id uuid NOT NULL,
  version integer NOT NULL,
  blob_key text NOT NULL,
  bytes integer NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, version)
);
