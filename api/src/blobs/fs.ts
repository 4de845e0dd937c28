import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fsyncDir } from '../crypto/durableFiles.js';
import { BlobNotFound, assertBlobKey, type BlobStore } from './blobStore.js';

const TEMP_DIR = '.tmp';

/**
 * BlobStore on a local folder (`<dataDir>/blobs`). Writes go to `.tmp/<uuid>.part`, are fsynced,
 * then renamed into place and the directory fsynced, so a crash leaves either the whole blob or a
 * temp file the sweeper removes — never a half blob under a real key.
 */
export class FsBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  private path(key: string): string {
    assertBlobKey(key);
    return join(this.root, ...key.split('/'));
  }

  async write(key: string, source: AsyncIterable<Uint8Array>): Promise<{ bytes: number }> {
    const target = this.path(key);
    const tempDir = join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    const temp = join(tempDir, `${randomUUID()}.part`);
    const fh = await open(temp, 'wx', 0o600);
    let bytes = 0;
    let closed = false;
    try {
      // Chunks queued while a write is in flight go out together in one writev (no per-chunk
      // await, no concatenation).
      const flush = (bufs: Buffer[], cb: (err?: Error | null) => void) => {
        writeAll(fh, bufs).then((n) => {
          bytes += n;
          cb();
        }, cb);
      };
      const sink = new Writable({
        highWaterMark: 1024 * 1024,
        write: (chunk: Buffer, _enc, cb) => flush([chunk], cb),
        writev: (chunks, cb) =>
          flush(
            chunks.map((c) => c.chunk as Buffer),
            cb,
          ),
      });
      await pipeline(source, sink);
      await fh.sync();
      await fh.close();
      closed = true;
      await mkdir(dirname(target), { recursive: true });
      await rename(temp, target);
      await fsyncDir(dirname(target));
      return { bytes };
    } catch (err) {
      if (!closed) await fh.close().catch(() => {});
      await unlink(temp).catch(() => {});
      throw err;
    }
  }

  async read(key: string): Promise<Readable> {
    const p = this.path(key);
    try {
      const fh = await open(p, 'r');
      return fh.createReadStream({ highWaterMark: 64 * 1024, autoClose: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFound(key);
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.path(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    // A write landing in the folder while it is removed (a view derivative built in the
    // background) fails the removal with ENOTEMPTY: Node retries it. A file written after the
    // removal is an orphan the sweeper removes.
    await rm(this.path(prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  async *list(prefix?: string): AsyncIterable<{ key: string; modifiedAt: Date; bytes: number }> {
    const start = prefix ? this.path(prefix) : this.root;
    const stack = [start];
    while (stack.length > 0) {
      const dir = stack.pop()!;
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        const full = join(dir, e.name);
        if (e.isDirectory()) {
          if (dir === this.root && e.name === TEMP_DIR) continue;
          stack.push(full);
        } else if (e.isFile()) {
          const key = relative(this.root, full).split(sep).join('/');
          try {
            assertBlobKey(key);
          } catch {
            continue;
          }
          const s = await stat(full).catch(() => undefined);
          if (s) yield { key, modifiedAt: s.mtime, bytes: s.size };
        }
      }
    }
  }

  async sweepTemp(olderThan: Date): Promise<number> {
    const dir = join(this.root, TEMP_DIR);
    let removed = 0;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const full = join(dir, name);
      const s = await stat(full).catch(() => undefined);
      if (s && s.mtime < olderThan) {
        await rm(full, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

/** Writes every buffer, in order, with as few writev calls as the OS allows. */
async function writeAll(fh: FileHandle, bufs: Buffer[]): Promise<number> {
  let total = 0;
  for (const b of bufs) total += b.length;
  let rest = bufs;
  while (rest.length > 0) {
    let { bytesWritten: n } = await fh.writev(rest);
    let i = 0;
    while (i < rest.length && n >= rest[i]!.length) n -= rest[i++]!.length;
    rest = rest.slice(i);
    if (n > 0) rest[0] = rest[0]!.subarray(n);
  }
  return total;
}
