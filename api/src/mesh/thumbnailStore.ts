/**
 * Project thumbnails: one PNG per project version, rendered by the view worker from
 * the version's models after an upload (create or new version, with `VIEW_PREBUILD`), stored
 * encrypted with the project's key under the project's blob prefix (so the project's deletion
 * removes it with its files), and listed in `project_thumbnails`.
 */
import { Readable } from 'node:stream';
import { projectBlobPrefix, thumbnailBlobKey } from '../blobs/blobStore.js';
import { openDecrypted, putEncrypted, type DataKey } from '../blobs/encrypted.js';
import type { SqlExecutor } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { projectSubject } from '../domain/project.js';
import { readAll } from './viewStore.js';

/** A thumbnail is at most this big. */
export const THUMBNAIL_MAX_BYTES = 20 * 1024;

export interface ThumbnailRow {
  version: number;
  blob_key: string;
  bytes: number;
}

/** Renders and stores the thumbnail of one version; returns its size in bytes. */
export async function storeThumbnail(
  deps: Pick<AppDeps, 'blobs' | 'views' | 'db' | 'now'>,
  projectId: string,
  version: number,
  modelBlobKeys: readonly string[],
  dataKey: DataKey,
): Promise<number> {
  const models: Uint8Array[] = [];
  for (const key of modelBlobKeys) {
    models.push(await readAll(await openDecrypted(deps.blobs, key, dataKey)));
  }
  const png = await deps.views.thumbnail(models);
  const key = thumbnailBlobKey(projectId, version);
  await putEncrypted(deps.blobs, key, Readable.from([Buffer.from(png)]), dataKey);
  await deps.db.query(
    `INSERT INTO project_thumbnails (project_id, version, blob_key, bytes, created_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id, version) DO UPDATE SET blob_key = $3, bytes = $4, created_at = $5`,
    [projectId, version, key, png.byteLength, deps.now()],
  );
  return png.byteLength;
}

/**
 * `storeThumbnail` after the answer is sent (and after the view derivatives were prebuilt); a
 * failure is logged (the card keeps its placeholder). A project deleted meanwhile has no key:
 * nothing is built, and what was built for it while it was being deleted is removed — the delete
 * shreds the key before it removes the files, so either it sees these files or this sees no key.
 */
export async function buildThumbnailLater(
  deps: AppDeps,
  projectId: string,
  version: number,
  modelBlobKeys: readonly string[],
): Promise<void> {
  const subject = projectSubject(projectId);
  try {
    const dataKey = await deps.keys.existingKey(subject);
    if (dataKey) {
      const bytes = await storeThumbnail(deps, projectId, version, modelBlobKeys, dataKey);
      if (bytes > THUMBNAIL_MAX_BYTES) {
        deps.log.warn({ projectId, version, bytes }, 'thumbnail larger than 20 kB');
      }
    }
  } catch (err) {
    deps.log.warn({ err, projectId, version }, 'thumbnail not built');
  }
  try {
    if (!(await deps.keys.existingKey(subject))) {
      await deleteThumbnailRows(deps.db, projectId);
      await deps.blobs.deletePrefix(projectBlobPrefix(projectId));
    }
  } catch (err) {
    deps.log.warn({ err, projectId }, 'files built for a deleted project not removed yet');
  }
}

/** The newest thumbnail of each of these projects that has one. */
export async function latestThumbnails(
  db: SqlExecutor,
  projectIds: readonly string[],
): Promise<Map<string, number>> {
  if (projectIds.length === 0) return new Map();
  const r = await db.query<{ project_id: string; version: number }>(
    `SELECT project_id::text AS project_id, max(version)::int AS version FROM project_thumbnails
      WHERE project_id = ANY($1::uuid[]) GROUP BY project_id`,
    [projectIds],
  );
  return new Map(r.rows.map((x) => [x.project_id, x.version]));
}

/** One version's thumbnail, or (no version) the newest; null when none is ready. */
export async function thumbnailRow(
  db: SqlExecutor,
  projectId: string,
  version: number | undefined,
): Promise<ThumbnailRow | null> {
  const r =
    version === undefined
      ? await db.query<ThumbnailRow>(
          `SELECT version, blob_key, bytes FROM project_thumbnails WHERE project_id = $1
            ORDER BY version DESC LIMIT 1`,
          [projectId],
        )
      : await db.query<ThumbnailRow>(
          'SELECT version, blob_key, bytes FROM project_thumbnails WHERE project_id = $1 AND version = $2',
          [projectId, version],
        );
  return r.rows[0] ?? null;
}

/**
 * The PNG of one version's thumbnail, rendered and stored now when it is not there yet (an upload
 * without `VIEW_PREBUILD`, or one whose build is still queued). Rendering is deterministic, so a
 * build racing the upload's stores the same picture.
 */
export async function versionThumbnail(
  deps: Pick<AppDeps, 'blobs' | 'views' | 'db' | 'now'>,
  projectId: string,
  version: number,
  modelBlobKeys: readonly string[],
  dataKey: DataKey,
): Promise<Uint8Array> {
  let row = await thumbnailRow(deps.db, projectId, version);
  if (!row) {
    await storeThumbnail(deps, projectId, version, modelBlobKeys, dataKey);
    row = await thumbnailRow(deps.db, projectId, version);
    if (!row) throw new Error('thumbnail not stored');
  }
  return readAll(await openDecrypted(deps.blobs, row.blob_key, dataKey));
}

/** Forgets a deleted project's thumbnails (their files go with the project's prefix). */
export async function deleteThumbnailRows(db: SqlExecutor, projectId: string): Promise<void> {
  await db.query('DELETE FROM project_thumbnails WHERE project_id = $1', [projectId]);
}

/** The card's picture URL: the newest thumbnail, its version in the URL (cacheable). */
export const thumbnailUrlOf = (projectId: string, version: number | undefined): string | null =>
  version === undefined ? null : `/api/projects/${projectId}/thumbnail?v=${version}`;
