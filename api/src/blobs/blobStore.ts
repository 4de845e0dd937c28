import type { Readable } from 'node:stream';

/**
 * The BlobStore port: opaque bytes under server-generated keys. Adapters never see plaintext —
 * callers encrypt with `chunkCipher.ts` before `write` and decrypt after `read` — so an S3
 * adapter can be added beside `fs.ts` without touching the crypto.
 *
 * Keys are `/`-separated segments of `[a-z0-9-]` only (e.g. `projects/<uuid>/<uuid>`); nothing a
 * client sends ever becomes part of a path.
 */
export interface BlobStore {
  /**
   * Stores `source` under `key` atomically: a reader sees the whole blob or nothing
   * (fs: temp file → fsync → rename). On failure nothing is left behind.
   */
  write(key: string, source: AsyncIterable<Uint8Array>): Promise<{ bytes: number }>;
  /** The stored bytes; throws `BlobNotFound` when there is no such blob. */
  read(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes one blob; absent blobs are fine. */
  delete(key: string): Promise<void>;
  /** Removes every blob whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored blob (not temp files), for the orphan sweeper. */
  list(prefix?: string): AsyncIterable<{ key: string; modifiedAt: Date; bytes: number }>;
  /** Removes unfinished temp files older than `olderThan` (left by a crash mid-write). */
  sweepTemp(olderThan: Date): Promise<number>;
}

export class BlobNotFound extends Error {
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFound';
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

/** The viewer's compact derivative of a model is stored next to its original. */
export const viewBlobKey = (originalBlobKey: string): string => `${originalBlobKey}-view`;
