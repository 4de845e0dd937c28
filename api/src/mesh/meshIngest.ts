import { Transform, type TransformCallback } from 'node:stream';
import { stlRecordHasArea } from './surfaceArea.js';

/**
 * Server-side check of every uploaded mesh, by content and never by name or browser claim.
 * Two paths, both ending in sanitised bytes that go straight into the
 * encryptor (no plaintext touches the disk):
 *
 * - **Binary STL larger than the head window** is streamed record by record: the 80-byte header
 *   (free text, often a patient name) is blanked but for its colour keys (blankStlHeader), the
 *   declared count is checked against the byte count (84 + 50·n, up to 49 trailing bytes
 *   tolerated and dropped) and every vertex coordinate must be finite. Memory stays at one window whatever the size — the upload benchmark holds it.
 * - **Everything else** (small files, ASCII STL, PLY, 3Shape DCM) is handed whole to the wasm
 *   module's validate-and-sanitise (`MeshSanitizer`), which knows every format.
 */

export type MeshFormat = 'stl' | 'ply';

/** Materialise colour keys of a binary STL header and the bytes of their values. */
const STL_COLOUR_KEYS = [
  ['COLOR=', 4],
  ['MATERIAL=', 12],
] as const;

/**
 * Blanks a binary STL's 80-byte header in place but for Materialise's `COLOR=` (RGBA) and
 * `MATERIAL=` (three RGBA) keys and values: they carry the file's colours and no text. The wasm
 * sanitiser (wasm/assembly/stl.ts) keeps the same bytes.
 */
export function blankStlHeader(header: Buffer): void {
  const text = header.subarray(0, 80);
  const kept: [number, Buffer][] = [];
  for (const [key, size] of STL_COLOUR_KEYS) {
    const at = text.indexOf(key, 0, 'latin1');
    if (at >= 0 && at + key.length + size <= 80) {
      kept.push([at, Buffer.from(text.subarray(at, at + key.length + size))]);
    }
  }
  text.fill(0);
  for (const [at, bytes] of kept) bytes.copy(text, at);
}

export interface SanitizedMesh {
  format: MeshFormat;
  /** The bytes to store: STL header blanked / PLY comments dropped / DCM converted to STL. */
  bytes: Uint8Array;
  triangles: number;
}

/** The wasm module's server entry, adapted in compose.ts. */
export interface MeshSanitizer {
  /** Detects, validates and sanitises one whole file; throws a `MeshRejected` on bad input. */
  sanitize(bytes: Uint8Array, hint: { expect: 'stl' | 'ply' | 'dcm' }): Promise<SanitizedMesh>;
}

/** A refused file: `code` is the stable code, `status` 400/415/422. */
export class MeshRejected extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'MeshRejected';
  }
}

/** The refusal of a mesh without surface (`surfaceArea.ts`): 422 with a sentence for the user. */
export function degenerateMesh(): MeshRejected {
  return new MeshRejected(
    'MESH_DEGENERATE',
    'The mesh has no surface: all its triangles have zero area (their points lie on a line or coincide)',
    422,
  );
}

export const HEAD_BYTES = 64 * 1024;
const STL_TRAILING_TOLERANCE = 49;
const MAX_TRIANGLES = 5_000_000;
const RECORD = 50;

function looksText(b: Uint8Array, n = 1024): boolean {
  const end = Math.min(b.length, n);
  for (let i = 0; i < end; i++) {
    const c = b[i]!;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f) {
      return false;
    }
  }
  return true;
}

function startsWithAscii(b: Uint8Array, s: string, at = 0): boolean {
  if (b.length < at + s.length) return false;
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s.charCodeAt(i)) return false;
  return true;
}

/** Refuses well-known non-mesh formats at once, before a byte is stored. */
function refuseForeign(head: Uint8Array): void {
  const what = startsWithAscii(head, 'DICM', 128)
    ? 'DICOM'
    : startsWithAscii(head, 'PK\x03\x04')
      ? 'ZIP'
      : head[0] === 0x1f && head[1] === 0x8b
        ? 'gzip'
        : startsWithAscii(head, '\x89PNG')
          ? 'PNG'
          : startsWithAscii(head, '%PDF')
            ? 'PDF'
            : startsWithAscii(head, '\x7fELF')
              ? 'ELF'
              : undefined;
  if (what) {
    throw new MeshRejected(
      'CONTENT_MISMATCH',
      `The file is a ${what} file, not an STL, PLY or DCM mesh`,
    );
  }
}

/**
 * Whether any of the 9 vertex coordinates (little-endian float32 at record offsets 12…47) of the
 * 50-byte record at `off` is NaN or ±∞: exponent bits all ones, i.e. byte 3 & 0x7f = 0x7f and the
 * top bit of byte 2 set. Byte reads only, so unaligned records cost nothing extra.
 */
function nonFinite(b: Uint8Array, off: number): boolean {
  for (let k = off + 15; k < off + 48; k += 4) {
    if ((b[k]! & 0x7f) === 0x7f && (b[k - 1]! & 0x80) !== 0) return true;
  }
  return false;
}

export interface IngestResult {
  format: MeshFormat;
  triangles: number;
  /** Sanitised bytes emitted (what gets encrypted and served). */
  bytes: number;
}

/**
 * Raw upload bytes in, sanitised mesh bytes out. `result` is set once the stream has flushed.
 */
export class MeshIngestStream extends Transform {
  private mode: 'head' | 'binary' | 'whole' = 'head';
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** Binary path: the 84-byte header being assembled, then sent with its text blanked. */
  private readonly header = Buffer.alloc(84);
  /** Binary path: a record split across chunks, and how many of its bytes have arrived. */
  private readonly record = Buffer.alloc(RECORD);
  private partial = 0;
  /** Binary path: raw bytes consumed, and the size the declared count implies. */
  private consumed = 0;
  /** File offset of the next body byte to check. */
  private pos = 0;
  private expected = 0;
  private triangles = 0;
  private emitted = 0;
  /** Binary path: a triangle with area has been seen (checks stop there). */
  private hasArea = false;
  result: IngestResult | undefined;

  constructor(
    private readonly sanitizer: MeshSanitizer,
    /** The kind the file's extension names; content of another kind is refused. */
    private readonly expect: 'stl' | 'ply' | 'dcm',
  ) {
    super({ highWaterMark: HEAD_BYTES });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    try {
      if (this.mode === 'binary') {
        this.binary(chunk);
        return done();
      }
      this.held.push(chunk);
      this.heldBytes += chunk.length;
      if (this.mode === 'head' && this.heldBytes > HEAD_BYTES) this.decide();
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  /** The head window is full and the file is larger: pick the path. */
  private decide(): void {
    const head = Buffer.concat(this.held, this.heldBytes);
    refuseForeign(head);
    let q = 0;
    while (
      q < head.length &&
      (head[q] === 0x20 || head[q] === 0x09 || head[q] === 0x0a || head[q] === 0x0d)
    )
      q++;
    const text = looksText(head);
    const asciiStl = startsWithAscii(head, 'solid', q) && text;
    const ply = startsWithAscii(head, 'ply') && (head[3] === 0x0a || head[3] === 0x0d);
    if (asciiStl || ply || text) {
      // Text formats (and text that is no mesh at all) need the whole file: the wasm module decides.
      this.mode = 'whole';
      return;
    }
    if (this.expect !== 'stl') {
      throw new MeshRejected(
        'CONTENT_MISMATCH',
        `The file content is STL, not ${this.expect.toUpperCase()}.`,
      );
    }
    const n = head.readUInt32LE(80);
    if (n > MAX_TRIANGLES) {
      throw new MeshRejected(
        'MESH_TOO_LARGE',
        `The mesh declares ${n} triangles; at most ${MAX_TRIANGLES} are allowed`,
      );
    }
    this.mode = 'binary';
    this.expected = 84 + RECORD * n;
    this.triangles = n;
    this.held = [];
    this.heldBytes = 0;
    this.binary(head);
  }

  /**
   * Binary STL body: the bytes pass through untouched (no copy; the encryptor re-chunks them
   * anyway) while each 50-byte record is checked in place. Only a record split across two chunks
   * is assembled in a small scratch buffer, and only the 84-byte header is rewritten.
   */
  private binary(chunk: Buffer): void {
    this.consumed += chunk.length;
    let buf = chunk;
    if (this.pos < 84) {
      const n = Math.min(84 - this.pos, buf.length);
      buf.copy(this.header, this.pos, 0, n);
      this.pos += n;
      buf = buf.subarray(n);
      if (this.pos < 84) return;
      // The 80-byte header is free text (exporters put patient names there): blanked; count kept.
      blankStlHeader(this.header);
      this.push(this.header);
      this.emitted += 84;
    }
    // Bytes past the declared end are dropped (a few are tolerated, see below).
    const usable = Math.max(0, Math.min(buf.length, this.expected - this.pos));
    if (usable > 0) {
      const body = usable === buf.length ? buf : buf.subarray(0, usable);
      let off = 0;
      if (this.partial > 0) {
        // Finish the record the previous chunk started.
        const n = Math.min(RECORD - this.partial, usable);
        body.copy(this.record, this.partial, 0, n);
        this.partial += n;
        off = n;
        if (this.partial === RECORD) {
          this.checkRecord(this.record, 0, this.pos - (RECORD - n));
          if (!this.hasArea) this.hasArea = stlRecordHasArea(this.record, 0);
          this.partial = 0;
        }
      }
      const whole = off + (usable - off - ((usable - off) % RECORD));
      for (let o = off; o < whole; o += RECORD) {
        if (nonFinite(body, o)) this.checkRecord(body, o, this.pos + o);
        if (!this.hasArea) this.hasArea = stlRecordHasArea(body, o);
      }
      if (whole < usable) {
        body.copy(this.record, 0, whole, usable);
        this.partial = usable - whole;
      }
      this.pos += usable;
      this.push(body);
      this.emitted += usable;
    }
    if (this.consumed - this.expected > STL_TRAILING_TOLERANCE) {
      throw new MeshRejected(
        'STL_SIZE_MISMATCH',
        `The binary STL declares ${this.triangles} triangles but has more data than that`,
      );
    }
  }

  /** Throws when the record at `off` (file offset `at`) has a coordinate that is NaN or ±∞. */
  private checkRecord(b: Uint8Array, off: number, at: number): void {
    if (nonFinite(b, off)) {
      throw new MeshRejected(
        'NON_FINITE_COORDINATE',
        `Triangle ${(at - 84) / RECORD + 1} has a coordinate that is not a finite number`,
      );
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.mode === 'binary') {
      if (this.consumed < this.expected) {
        return done(
          new MeshRejected(
            'STL_TRUNCATED',
            `The binary STL declares ${this.triangles} triangles but the file ends early`,
          ),
        );
      }
      if (this.triangles === 0) {
        return done(new MeshRejected('NO_GEOMETRY', 'The file contains no triangles'));
      }
      if (!this.hasArea) return done(degenerateMesh());
      this.result = { format: 'stl', triangles: this.triangles, bytes: this.emitted };
      return done();
    }
    const whole = Buffer.concat(this.held, this.heldBytes);
    this.held = [];
    if (whole.length === 0) return done(new MeshRejected('EMPTY_FILE', 'The file is empty'));
    try {
      refuseForeign(whole);
    } catch (err) {
      return done(err as Error);
    }
    this.sanitizer
      .sanitize(whole, { expect: this.expect })
      .then((m) => {
        this.result = { format: m.format, triangles: m.triangles, bytes: m.bytes.length };
        this.push(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
        done();
      })
      .catch((err: unknown) => done(err as Error));
  }
}
