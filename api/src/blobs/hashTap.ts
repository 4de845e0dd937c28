import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes bytes through unchanged and hashes them (SHA-256) on the way: the hash of a file is
 * taken while it is stored, never by reading it back. `hex` is set once the stream has flushed.
 */
export class HashTap extends Transform {
  private readonly hash: Hash = createHash('sha256');
  hex: string | undefined;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.hex = this.hash.digest('hex');
    done();
  }
}
