import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Chunked AES-256-GCM for files: streams in both directions
 * and never releases plaintext whose tag has not been checked.
 *
 * Layout: header (24 bytes) then records. Every record is the ciphertext of one plaintext chunk
 * of `chunkSize` bytes (the last one may be shorter, even empty) followed by its 16-byte tag.
 *
 *   header = "CUSPBLB1" | keyVersion u32be | chunkSize u32be | noncePrefix (8 random bytes)
 *   nonce  = noncePrefix | chunkIndex u32be
 *   AAD    = header | context (e.g. the blob key, utf8) | chunkIndex u64be | last u8
 *
 * The index in the nonce and AAD stops reordering, the `last` flag stops truncation at a chunk
 * boundary, and the context stops swapping whole blobs between keys or projects.
 */
export const CHUNK_SIZE = 64 * 1024;
const MAGIC = Buffer.from('CUSPBLB1', 'latin1');
export const HEADER_BYTES = 24;
const TAG_BYTES = 16;

export class BlobIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlobIntegrityError';
  }
}

function nonceFor(prefix: Buffer, index: number): Buffer {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0, 0, 8);
  nonce.writeUInt32BE(index, 8);
  return nonce;
}

function aadFor(header: Buffer, context: Buffer, index: number, last: boolean): Buffer {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index), 0);
  tail.writeUInt8(last ? 1 : 0, 8);
  return Buffer.concat([header, context, tail]);
}

/** Size of the encrypted form of `plainBytes` bytes. */
export function encryptedSize(plainBytes: number, chunkSize = CHUNK_SIZE): number {
  // The last record holds 1…chunkSize bytes (0 only for an empty file).
  const records = Math.max(1, Math.ceil(plainBytes / chunkSize));
  return HEADER_BYTES + plainBytes + records * TAG_BYTES;
}

/** Size of the plaintext of an encrypted blob of `storedBytes` bytes (the inverse of `encryptedSize`). */
export function plainSize(storedBytes: number, chunkSize = CHUNK_SIZE): number {
  const body = storedBytes - HEADER_BYTES;
  const records = Math.max(1, Math.ceil(body / (chunkSize + TAG_BYTES)));
  return Math.max(0, body - records * TAG_BYTES);
}

/**
 * Plaintext in, encrypted blob out. Input is copied into one reused `chunkSize` staging buffer
 * (or sealed straight from the input when a whole chunk is available there), so no per-chunk
 * buffers are concatenated or allocated besides the ciphertext itself. A full chunk is sealed only
 * when more data or the end arrives, because only then is it known whether it is the last one.
 */
export class EncryptStream extends Transform {
  private readonly header: Buffer;
  private readonly prefix = randomBytes(8);
  private readonly staging: Buffer;
  private fill = 0;
  /** header | context | index u64be | last u8, rewritten in place per chunk. */
  private readonly aad: Buffer;
  private readonly nonce = Buffer.alloc(12);
  private index = 0;
  /** Plaintext bytes seen. */
  plainBytes = 0;

  constructor(
    private readonly key: Buffer,
    context: Buffer,
    keyVersion = 1,
    private readonly chunkSize = CHUNK_SIZE,
  ) {
    super({ highWaterMark: 2 * CHUNK_SIZE });
    if (key.length !== 32) throw new Error('AES-256 needs a 32-byte key');
    this.header = Buffer.alloc(HEADER_BYTES);
    MAGIC.copy(this.header, 0);
    this.header.writeUInt32BE(keyVersion, 8);
    this.header.writeUInt32BE(chunkSize, 12);
    this.prefix.copy(this.header, 16);
    this.prefix.copy(this.nonce, 0);
    this.aad = Buffer.concat([this.header, context, Buffer.alloc(9)]);
    this.staging = Buffer.allocUnsafe(chunkSize);
    this.push(this.header);
  }

  private seal(plain: Buffer, last: boolean): void {
    if (this.index >= 0xffffffff) throw new Error('blob too large');
    this.nonce.writeUInt32BE(this.index, 8);
    const tail = this.aad.length - 9;
    this.aad.writeBigUInt64BE(BigInt(this.index), tail);
    this.aad.writeUInt8(last ? 1 : 0, tail + 8);
    // createCipheriv, setAAD and update copy their inputs, so the buffers above can be reused.
    const cipher = createCipheriv('aes-256-gcm', this.key, this.nonce);
    cipher.setAAD(this.aad);
    const ct = cipher.update(plain);
    const fin = cipher.final(); // empty for GCM
    if (ct.length) this.push(ct);
    if (fin.length) this.push(fin);
    this.push(cipher.getAuthTag());
    this.index++;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      this.plainBytes += chunk.length;
      const size = this.chunkSize;
      let off = 0;
      while (off < chunk.length) {
        if (this.fill === size) {
          // More data follows, so the buffered chunk is not the last one.
          this.seal(this.staging, false);
          this.fill = 0;
        }
        if (this.fill === 0 && chunk.length - off > size) {
          // A whole chunk with more after it: seal it where it is.
          this.seal(chunk.subarray(off, off + size), false);
          off += size;
          continue;
        }
        const n = Math.min(size - this.fill, chunk.length - off);
        chunk.copy(this.staging, this.fill, off, off + n);
        this.fill += n;
        off += n;
      }
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.seal(this.staging.subarray(0, this.fill), true);
      this.fill = 0;
      done();
    } catch (err) {
      done(err as Error);
    }
  }
}

/** Encrypted blob in, plaintext out; fails with BlobIntegrityError before releasing a bad chunk. */
export class DecryptStream extends Transform {
  private header: Buffer | undefined;
  private prefix: Buffer | undefined;
  private chunkSize = 0;
  private buf: Buffer[] = [];
  private bufBytes = 0;
  private index = 0;

  constructor(
    private readonly key: Buffer,
    private readonly context: Buffer,
  ) {
    super({ highWaterMark: 2 * CHUNK_SIZE });
  }

  private open(record: Buffer, last: boolean): void {
    if (!this.header || !this.prefix) throw new BlobIntegrityError('missing header');
    if (record.length < TAG_BYTES) throw new BlobIntegrityError('truncated record');
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonceFor(this.prefix, this.index));
    decipher.setAAD(aadFor(this.header, this.context, this.index, last));
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([
        decipher.update(record.subarray(0, record.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new BlobIntegrityError(`chunk ${this.index} failed authentication`);
    }
    this.index++;
    if (plain.length) this.push(plain);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      this.buf.push(chunk);
      this.bufBytes += chunk.length;
      let all = Buffer.concat(this.buf, this.bufBytes);
      if (!this.header) {
        if (all.length < HEADER_BYTES) {
          this.buf = [all];
          return done();
        }
        const header = Buffer.from(all.subarray(0, HEADER_BYTES));
        if (!header.subarray(0, 8).equals(MAGIC)) throw new BlobIntegrityError('not a Cusp blob');
        this.chunkSize = header.readUInt32BE(12);
        if (this.chunkSize < 1 || this.chunkSize > 16 * 1024 * 1024) {
          throw new BlobIntegrityError('bad chunk size');
        }
        this.header = header;
        this.prefix = header.subarray(16, 24);
        all = all.subarray(HEADER_BYTES);
      }
      const record = this.chunkSize + TAG_BYTES;
      let off = 0;
      // A full record followed by at least one more byte is not the last record.
      while (all.length - off > record) {
        this.open(all.subarray(off, off + record), false);
        off += record;
      }
      const rest = Buffer.from(all.subarray(off));
      this.buf = [rest];
      this.bufBytes = rest.length;
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      if (!this.header) throw new BlobIntegrityError('missing header');
      this.open(Buffer.concat(this.buf, this.bufBytes), true);
      done();
    } catch (err) {
      done(err as Error);
    }
  }
}
