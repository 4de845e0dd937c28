import type { Readable } from 'node:stream';
import { ServiceUnavailable } from '../errors.js';

/**
 * The BlobStore port: opaque bytes under server-generated keys. Adapters never see plaintext —
 * callers encrypt with `chunkCipher.ts` before `write` and decrypt after `read` — so the adapters
 * (`fs.ts`, `s3.ts`) never touch the crypto. Every adapter passes the same contract suite
 * (`tests/int/api/blobs/blobStore.contract.ts`).
 *
 * Keys are `/`-separated segments of `[a-z0-9-]` only (e.g. `projects/<uuid>/<uuid>`); nothing a
 * client sends ever becomes part of a path.
 */
export interface BlobStore {
  /**
   * Stores `source` under `key` atomically and durably before it resolves: a reader sees the
   * whole blob or nothing (fs: temp file → fsync → rename; s3: one PUT, or a multipart upload
   * completed after its last part). On failure nothing is left behind under `key`, and the
   * error is the source's own when the source failed.
   */
  write(key: string, source: AsyncIterable<Uint8Array>): Promise<{ bytes: number }>;
  /**
   * The stored bytes, streamed; throws `BlobNotFound` when there is no such blob. Destroy the
   * stream when abandoning it, so the file or connection behind it is released.
   */
  read(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes one blob; absent blobs are fine. */
  delete(key: string): Promise<void>;
  /** Removes every blob whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored blob (not temp files), for the orphan sweeper. */
  list(prefix?: string): AsyncIterable<{ key: string; modifiedAt: Date; bytes: number }>;
  /**
   * Removes unfinished writes older than `olderThan` (left by a crash mid-write: fs temp files,
   * S3 multipart uploads never completed); resolves with how many it removed.
   */
  sweepTemp(olderThan: Date): Promise<number>;
}

export class BlobNotFound extends Error {
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFound';
  }
}

/**
 * The store cannot be reached or answers with a server error: the request fails with 503 and
 * `Retry-After`, as during a database outage, and can be retried.
 */
export class BlobStoreUnavailable extends ServiceUnavailable {
  constructor(readonly reason: string) {
    super('File storage is unavailable, please retry shortly', 'unavailable', 5);
  }
}

const KEY_RE = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export function assertBlobKey(key: string): void {
  if (!KEY_RE.test(key) || key.length > 200) throw new Error(`invalid blob key: ${key}`);
}

/** Where a project's files live; deleting the project deletes the prefix. */
export const projectBlobPrefix = (projectId: string): string => `projects/${projectId}`;
export const projectBlobKey = (projectId: string, blobId: string): string =>
  `projects/${projectId}/${blobId}`;

/**
 * The file as the lab uploaded it, kept next to the stored copy when the upload changed it (STL
 * header blanked, DCM converted, PLY comments dropped); deleted with the project's prefix.
 */
export const uploadedBlobKey = (storedBlobKey: string): string => `${storedBlobKey}-uploaded`;

/** The viewer's compact derivative of a model is stored next to its original. */
export const viewBlobKey = (originalBlobKey: string): string => `${originalBlobKey}-view`;
/** Its coarse level (models over 50k triangles), next to it; deleted with the project's prefix. */
export const coarseViewBlobKey = (originalBlobKey: string): string =>
  `${originalBlobKey}-view-coarse`;

/**
 * Marks a model whose view derivative cannot be built from its file (a mesh without surface
 * stored before uploads were checked for it): the view answers 422 at once instead of
 * rebuilding and failing on every request. Deleted with the project's prefix.
 */
export const unavailableViewBlobKey = (originalBlobKey: string): string =>
  `${originalBlobKey}-view-unavailable`;

/** A project version's thumbnail lives under the project's prefix too. */
export const thumbnailBlobKey = (projectId: string, version: number): string =>
  `${projectBlobPrefix(projectId)}/thumbnail-v${Math.trunc(version)}`;
