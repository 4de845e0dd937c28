/**
 * The BlobStore contract (`api/src/blobs/blobStore.ts`): every adapter runs this
 * same suite, through the chunked encryption that sits above the port as in production.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFound,
  projectBlobKey,
  type BlobStore,
} from '../../../../api/src/blobs/blobStore.js';
import { CHUNK_SIZE, encryptedSize } from '../../../../api/src/blobs/chunkCipher.js';
import { openDecrypted, putEncrypted, type DataKey } from '../../../../api/src/blobs/encrypted.js';
import { repoRoot } from '../../../support/fixturePaths.js';

export interface BlobStoreHarness {
  store: BlobStore;
  /** Variables that make `openBlobStore` in another process open this same store. */
  env: Record<string, string>;
  /** Makes the blob under `key` look `ageMs` old to `list`. */
  backdate(key: string, ageMs: number): void;
  /**
   * Unfinished writes the store holds aside (fs: temp files), where the store can show them;
   * undefined where it cannot (s3rver has no ListMultipartUploads).
   */
  unfinishedWrites?(): string[];
  close(): Promise<void>;
}

const MiB = 1024 * 1024;
const HOUR = 60 * 60_000;

const dataKey = (): DataKey => ({ key: randomBytes(32), version: 1 });
const newProject = () => `projects/${randomUUID()}`;

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

async function listed(store: BlobStore, prefix?: string) {
  const out: { key: string; modifiedAt: Date; bytes: number }[] = [];
  for await (const b of store.list(prefix)) out.push(b);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** `bytes` of plaintext in 64 KiB pieces, then `fail` thrown if given (a client gone mid-upload). */
async function* pieces(bytes: Buffer, fail?: Error): AsyncGenerator<Buffer> {
  for (let off = 0; off < bytes.length; off += 64 * 1024)
    yield bytes.subarray(off, off + 64 * 1024);
  if (fail) throw fail;
}

async function expectRejects(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

/** Runs `writeBlobProcess.ts` against the harness's store; resolves with its JSON line. */
function writeInChild(
  env: Record<string, string>,
  key: string,
  mib: number,
  dk: DataKey,
): Promise<{ growthMiB: number; sha256: string; storedBytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        'tests/int/api/blobs/writeBlobProcess.ts',
        key,
        String(mib),
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          TEST_DATA_KEY: dk.key.toString('hex'),
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) reject(new Error(`writer exited ${code}:\n${out}\n${err}`));
      else resolve(JSON.parse(line) as { growthMiB: number; sha256: string; storedBytes: number });
    });
  });
}

export function blobStoreContract(name: string, open: () => Promise<BlobStoreHarness>): void {
  describe(`BlobStore contract (${name})`, () => {
    let h: BlobStoreHarness;
    let store: BlobStore;

    beforeAll(async () => {
      h = await open();
      store = h.store;
    });
    afterAll(async () => {
      await h?.close();
    });

    it('reads back what was written, encrypted chunk by chunk, at every size', async () => {
      const prefix = newProject();
      const dk = dataKey();
      // Empty, one byte, one chunk exactly, one chunk and a byte, and several S3 parts.
      const sizes = [0, 1, CHUNK_SIZE, CHUNK_SIZE + 1, 12 * MiB + 7];
      for (const size of sizes) {
        const key = `${prefix}/size-${size}`;
        const plain = randomBytes(size);
        const r = await putEncrypted(store, key, pieces(plain), dk);
        expect(r).toEqual({ plainBytes: size, storedBytes: encryptedSize(size) });
        expect(await store.exists(key)).toBe(true);
        const back = await readAll(await openDecrypted(store, key, dk));
        expect(back.equals(plain)).toBe(true);
        // What is stored is ciphertext: the plaintext's first bytes do not appear as they are.
        if (size > 64) {
          const raw = await readAll(await store.read(key));
          expect(raw.includes(plain.subarray(0, 64))).toBe(false);
        }
      }
      expect((await listed(store, prefix)).map((b) => [b.key, b.bytes])).toEqual(
        sizes
          .map((s) => [`${prefix}/size-${s}`, encryptedSize(s)] as const)
          .sort((a, b) => a[0].localeCompare(b[0])),
      );
    });

    it('streams a 64 MiB write with memory bounded by a few parts, not by its size', async () => {
      const key = `${newProject()}/large`;
      const dk = dataKey();
      const w = await writeInChild(h.env, key, 64, dk);
      expect(w.storedBytes).toBe(encryptedSize(64 * MiB));
      // A store that held the blob would grow by 64 MiB or more; measured here: fs < 1 MiB,
      // s3 ≈ 17 MiB (two 5 MiB parts in flight, one filling, one being cut).
      expect(w.growthMiB).toBeLessThan(32);
      const hash = createHash('sha256');
      for await (const c of await openDecrypted(store, key, dk)) hash.update(c as Buffer);
      expect(hash.digest('hex')).toBe(w.sha256);
    });

    it('leaves nothing under the key when the source fails mid-write, and reports its error', async () => {
      const prefix = newProject();
      const key = `${prefix}/aborted`;
      const gone = new Error('client went away');
      // 7 MiB first: on S3 the multipart upload has begun and its first part is stored.
      const err = await expectRejects(
        putEncrypted(store, key, pieces(randomBytes(7 * MiB), gone), dataKey()),
      );
      expect(err).toBe(gone);
      expect(await store.exists(key)).toBe(false);
      expect(await listed(store, prefix)).toEqual([]);
      expect(await expectRejects(store.read(key))).toBeInstanceOf(BlobNotFound);
      expect(h.unfinishedWrites?.() ?? []).toEqual([]);
    });

    it('deletes every blob under a prefix, page by page, and nothing beside it', async () => {
      const project = newProject();
      const other = newProject();
      const dk = dataKey();
      const mine = Array.from({ length: 5 }, (_, i) => `${project}/${i}-${randomUUID()}`);
      // Same leading characters, another project: a prefix is a whole path segment.
      const lookalike = `${project}0/${randomUUID()}`;
      for (const key of [...mine, `${other}/${randomUUID()}`, lookalike]) {
        await putEncrypted(store, key, pieces(randomBytes(1000)), dk);
      }
      expect(await listed(store, project)).toHaveLength(5);

      await store.deletePrefix(project);

      expect(await listed(store, project)).toEqual([]);
      for (const key of mine) expect(await store.exists(key)).toBe(false);
      expect(await listed(store, other)).toHaveLength(1);
      expect(await store.exists(lookalike)).toBe(true);
      // Deleting it again, or a prefix that never existed, is fine.
      await store.deletePrefix(project);
      await store.deletePrefix(newProject());
    });

    it('lists blobs with their size and age, for the orphan sweeper', async () => {
      const project = newProject();
      const oldKey = projectBlobKey(project.split('/')[1]!, randomUUID());
      const newKey = projectBlobKey(project.split('/')[1]!, randomUUID());
      const dk = dataKey();
      await putEncrypted(store, oldKey, pieces(randomBytes(300)), dk);
      await putEncrypted(store, newKey, pieces(randomBytes(70_000)), dk);
      h.backdate(oldKey, 2 * HOUR);

      const all = await listed(store, 'projects');
      const got = all.filter((b) => b.key.startsWith(`${project}/`));
      expect(got.map((b) => b.key).sort()).toEqual([oldKey, newKey].sort());
      const byKey = new Map(got.map((b) => [b.key, b]));
      const now = Date.now();
      // Clocks of one machine; S3 timestamps are whole seconds.
      expect(Math.abs(now - 2 * HOUR - byKey.get(oldKey)!.modifiedAt.getTime())).toBeLessThan(
        60_000,
      );
      expect(Math.abs(now - byKey.get(newKey)!.modifiedAt.getTime())).toBeLessThan(60_000);
      expect(byKey.get(oldKey)!.bytes).toBe(encryptedSize(300));
      expect(byKey.get(newKey)!.bytes).toBe(encryptedSize(70_000));
      // Listing everything includes them too.
      const everything = (await listed(store)).map((b) => b.key);
      expect(everything).toEqual(expect.arrayContaining([oldKey, newKey]));
    });

    it('answers a missing blob with BlobNotFound on read and false on exists; deleting it is fine', async () => {
      const key = `${newProject()}/${randomUUID()}`;
      expect(await expectRejects(store.read(key))).toBeInstanceOf(BlobNotFound);
      expect(await expectRejects(openDecrypted(store, key, dataKey()))).toBeInstanceOf(
        BlobNotFound,
      );
      expect(await store.exists(key)).toBe(false);
      await store.delete(key);
      expect(await listed(store, newProject())).toEqual([]);
    });

    it('keeps concurrent writers of different keys apart', async () => {
      const project = newProject();
      const dk = dataKey();
      // Small and multi-part blobs interleaved.
      const sizes = [200_000, 6 * MiB, 1, 3 * MiB, 6 * MiB + 1, 90_000];
      const plains = sizes.map((s) => randomBytes(s));
      const keys = sizes.map((_, i) => `${project}/writer-${i}`);
      await Promise.all(keys.map((k, i) => putEncrypted(store, k, pieces(plains[i]!), dk)));
      for (const [i, k] of keys.entries()) {
        expect((await readAll(await openDecrypted(store, k, dk))).equals(plains[i]!)).toBe(true);
      }
      expect((await listed(store, project)).map((b) => b.key)).toEqual([...keys].sort());
    });

    it('releases the stored stream when a reader abandons a download', async () => {
      const key = `${newProject()}/download`;
      const dk = dataKey();
      const plain = randomBytes(2 * MiB);
      await putEncrypted(store, key, pieces(plain), dk);
      const fds = () => readdirSync('/proc/self/fd').length;
      const before = fds();
      for (let i = 0; i < 8; i++) {
        const dec = await openDecrypted(store, key, dk);
        await new Promise((resolve) => dec.once('data', resolve));
        dec.destroy();
        await new Promise((resolve) => setImmediate(resolve));
      }
      // The files or connections behind the abandoned reads are gone (a keep-alive pool may
      // keep a couple of sockets), and a full read still goes through.
      expect(fds() - before).toBeLessThan(4);
      expect((await readAll(await openDecrypted(store, key, dk))).equals(plain)).toBe(true);
    });

    it('keeps complete blobs when unfinished writes are swept', async () => {
      const key = `${newProject()}/complete`;
      await putEncrypted(store, key, pieces(randomBytes(5000)), dataKey());
      const removed = await store.sweepTemp(new Date(Date.now() + HOUR));
      expect(removed).toBeGreaterThanOrEqual(0);
      expect(await store.exists(key)).toBe(true);
    });
  });
}
