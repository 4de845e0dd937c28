import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import type { BlobStore } from './blobStore.js';
import { putEncrypted, type DataKey } from './encrypted.js';

/**
 * A stage of `putEncrypted` that passes the bytes on unchanged and writes a copy of them,
 * encrypted with the same data key, into a second blob: the file as uploaded, beside the copy the
 * later stages make of it. Both writes take the bytes as they arrive; the slower one holds the
 * upload back, so memory stays at a few chunks whatever the size. The copy is complete and
 * durable before this stage ends; a failure of either write fails the other (the copy's store
 * removes its partial write). After a failure, await `written` (settled) before answering.
 */
export class BlobTee extends Transform {
  private readonly copy = new PassThrough({ highWaterMark: 128 * 1024 });
  /** The copy's write: resolves once it is stored, rejects when it failed or was torn down. */
  readonly written: Promise<{ plainBytes: number; storedBytes: number }>;

  constructor(store: BlobStore, key: string, dataKey: DataKey) {
    super();
    this.written = putEncrypted(store, key, this.copy, dataKey);
    // The copy's store failed: the upload fails with it.
    this.written.catch((err: unknown) => this.destroy(err as Error));
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.copy.write(chunk)) done(null, chunk);
    else this.copy.once('drain', () => done(null, chunk));
  }

  override _flush(done: TransformCallback): void {
    this.copy.end();
    this.written.then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  }

  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    // Torn down before the end (a client gone, a later stage's refusal): the copy is abandoned.
    if (!this.copy.writableFinished) this.copy.destroy(err ?? new Error('upload ended early'));
    done(err);
  }
}
