import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  BlobIntegrityError,
  CHUNK_SIZE,
  DecryptStream,
  EncryptStream,
  HEADER_BYTES,
  encryptedSize,
  plainSize,
} from '../../../../api/src/blobs/chunkCipher.js';

const key = randomBytes(32);
const ctx = Buffer.from('blob\u0000projects/x/y');

async function enc(plain: Buffer, pieces = 7): Promise<Buffer> {
  const parts: Buffer[] = [];
  const step = Math.max(1, Math.ceil(plain.length / pieces));
  for (let i = 0; i < plain.length; i += step) parts.push(plain.subarray(i, i + step));
  return buffer(Readable.from(parts).pipe(new EncryptStream(key, ctx)));
}
const dec = (box: Buffer, k = key, c = ctx) =>
  buffer(Readable.from([box]).pipe(new DecryptStream(k, c)));

describe('chunked AES-256-GCM blobs', () => {
  for (const size of [0, 1, CHUNK_SIZE - 1, CHUNK_SIZE, CHUNK_SIZE + 1, 3 * CHUNK_SIZE, 200_000]) {
    it(`round-trips ${size} bytes with the predicted size`, async () => {
      const plain = randomBytes(size);
      const box = await enc(plain);
      expect(box.length).toBe(encryptedSize(size));
      expect(plainSize(box.length)).toBe(size);
      expect((await dec(box)).equals(plain)).toBe(true);
    });
  }

  it('tells the plaintext size from the stored size, at every size around the chunk boundaries', () => {
    for (const k of [0, 1, 2, 100]) {
      for (const d of [-2, -1, 0, 1, 2]) {
        const size = Math.max(0, k * CHUNK_SIZE + d);
        expect(plainSize(encryptedSize(size)), String(size)).toBe(size);
      }
    }
  });

  it('round-trips whatever the input piece sizes (1 byte, odd sizes, several chunks at once)', async () => {
    const plain = randomBytes(5 * CHUNK_SIZE + 123);
    for (const sizes of [[1], [CHUNK_SIZE], [CHUNK_SIZE + 1], [3 * CHUNK_SIZE + 5, 17], [999]]) {
      const parts: Buffer[] = [];
      for (let off = 0, i = 0; off < plain.length; i++) {
        const n = sizes[i % sizes.length]!;
        parts.push(plain.subarray(off, off + n));
        off += n;
      }
      const box = await buffer(Readable.from(parts).pipe(new EncryptStream(key, ctx)));
      expect(box.length).toBe(encryptedSize(plain.length));
      expect((await dec(box)).equals(plain)).toBe(true);
    }
  });

  it('never contains the plaintext', async () => {
    const plain = Buffer.from('Patient: Jane Doe '.repeat(10_000));
    const box = await enc(plain);
    expect(box.includes(Buffer.from('Jane Doe'))).toBe(false);
  });

  it('refuses a flipped byte, a swapped context, a wrong key, truncation and reordering', async () => {
    const plain = randomBytes(3 * CHUNK_SIZE + 100);
    const box = await enc(plain);
    const flipped = Buffer.from(box);
    flipped[HEADER_BYTES + 10]! ^= 1;
    await expect(dec(flipped)).rejects.toBeInstanceOf(BlobIntegrityError);
    await expect(dec(box, key, Buffer.from('other'))).rejects.toBeInstanceOf(BlobIntegrityError);
    await expect(dec(box, randomBytes(32))).rejects.toBeInstanceOf(BlobIntegrityError);
    const record = CHUNK_SIZE + 16;
    // Cut at a record boundary: the new last record was not sealed as last.
    await expect(dec(box.subarray(0, HEADER_BYTES + 2 * record))).rejects.toBeInstanceOf(
      BlobIntegrityError,
    );
    const swapped = Buffer.concat([
      box.subarray(0, HEADER_BYTES),
      box.subarray(HEADER_BYTES + record, HEADER_BYTES + 2 * record),
      box.subarray(HEADER_BYTES, HEADER_BYTES + record),
      box.subarray(HEADER_BYTES + 2 * record),
    ]);
    await expect(dec(swapped)).rejects.toBeInstanceOf(BlobIntegrityError);
  });

  it('releases no plaintext of a chunk that fails authentication', async () => {
    const plain = randomBytes(2 * CHUNK_SIZE + 5);
    const box = Buffer.from(await enc(plain));
    box[HEADER_BYTES + CHUNK_SIZE + 16 + 3]! ^= 0xff; // second record
    const out: Buffer[] = [];
    const d = new DecryptStream(key, ctx);
    d.on('data', (c: Buffer) => out.push(c));
    await new Promise<void>((resolve) => {
      d.on('error', () => resolve());
      d.end(box);
    });
    expect(Buffer.concat(out).length).toBe(CHUNK_SIZE);
  });
});
