import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  HEAD_BYTES,
  MeshIngestStream,
  MeshRejected,
  type MeshSanitizer,
} from '../../../../api/src/mesh/meshIngest.js';
import { loadMeshModule } from '../../../../wasm/src/node.js';

/** The binary path never calls the wasm sanitiser; this one fails the test if it is called. */
const noSanitizer: MeshSanitizer = {
  sanitize: () => Promise.reject(new Error('the streamed binary path must not buffer the file')),
};

/** A binary STL of n triangles with a patient name in its header. */
function stl(n: number): Buffer {
  const b = Buffer.alloc(84 + 50 * n);
  b.write('solid Patient: Jane Doe', 0, 'latin1');
  b.writeUInt32LE(n, 80);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 12; k++) b.writeFloatLE(((i * 7 + k) % 101) - 50.25, 84 + i * 50 + k * 4);
    b.writeUInt16LE(i & 0xffff, 84 + i * 50 + 48);
  }
  return b;
}

/** `data` split into pieces whose sizes cycle through `sizes`. */
function pieces(data: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let i = 0;
  for (let off = 0; off < data.length; i++) {
    const n = sizes[i % sizes.length]!;
    out.push(data.subarray(off, off + n));
    off += n;
  }
  return out;
}

async function ingest(data: Buffer, sizes = [65_536]) {
  const s = new MeshIngestStream(noSanitizer, 'stl');
  const out = await buffer(Readable.from(pieces(data, sizes)).pipe(s));
  return { out, result: s.result };
}

const N = 5_000; // 250 KB: larger than the head window, so the file is streamed
const splits = [[1], [49], [50], [51], [4096], [65_537], [7, 65_536, 13, 999, 50_000]];

describe('MeshIngestStream, streamed binary STL', () => {
  it('is larger than the head window', () => expect(84 + 50 * N).toBeGreaterThan(HEAD_BYTES));

  for (const sizes of splits) {
    it(`passes the records through unchanged with the header text blanked (pieces ${sizes.join('/')})`, async () => {
      const file = stl(N);
      const { out, result } = await ingest(file, sizes);
      const expected = Buffer.from(file);
      expected.fill(0, 0, 80);
      expect(out.equals(expected)).toBe(true);
      expect(out.includes(Buffer.from('Jane Doe'))).toBe(false);
      expect(result).toEqual({ format: 'stl', triangles: N, bytes: file.length });
    });
  }

  it('keeps the Materialise COLOR= and MATERIAL= values, as the wasm sanitiser does', async () => {
    const file = stl(N);
    file.fill(0x20, 0, 80);
    file.write('Jane Doe COLOR=', 0, 'latin1');
    Buffer.from([10, 20, 30, 255]).copy(file, 15);
    file.write('MATERIAL=', 30, 'latin1');
    Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).copy(file, 39);
    const { out } = await ingest(file, [33]);
    const expected = Buffer.alloc(80);
    file.copy(expected, 9, 9, 19);
    file.copy(expected, 30, 30, 51);
    expect(out.subarray(0, 80).equals(expected)).toBe(true);
    const wasm = (await loadMeshModule()).validateAndSanitise(file);
    expect(Buffer.from(wasm.bytes.subarray(0, 80)).equals(expected)).toBe(true);
    expect(out.subarray(80).equals(file.subarray(80))).toBe(true);
  });

  for (const [name, bits] of [
    ['NaN', 0x7fc00000],
    ['+Infinity', 0x7f800000],
    ['-Infinity', 0xff800000],
    ['a signalling NaN', 0x7f800001],
  ] as const) {
    for (const sizes of [[65_536], [49], [1_337]]) {
      it(`refuses ${name} in any vertex coordinate, also in a record split across pieces (${sizes[0]})`, async () => {
        for (const [tri, coord] of [
          [1_400, 3],
          [2_001, 8],
          [N - 1, 11],
        ] as const) {
          const file = stl(N);
          // Floats 0–2 are the facet normal; 3–11 the three vertices.
          file.writeUInt32LE(bits, 84 + tri * 50 + coord * 4);
          const err = await ingest(file, sizes).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(MeshRejected);
          expect((err as MeshRejected).code).toBe('NON_FINITE_COORDINATE');
          expect((err as MeshRejected).message).toContain(`Triangle ${tri + 1} `);
        }
      });
    }
  }

  it('accepts the largest finite coordinates and ignores the attribute bytes', async () => {
    const file = stl(N);
    file.writeUInt32LE(0x7f7fffff, 84 + 3_000 * 50 + 12); // FLT_MAX
    file.writeUInt32LE(0xff7fffff, 84 + 3_001 * 50 + 16); // -FLT_MAX
    file.writeUInt16LE(0xffff, 84 + 3_002 * 50 + 48); // attribute word, not a coordinate
    const { result } = await ingest(file, [333]);
    expect(result?.triangles).toBe(N);
  });

  it('drops up to 49 trailing bytes and refuses more', async () => {
    const file = stl(N);
    const { out } = await ingest(Buffer.concat([file, Buffer.alloc(49, 1)]), [4_096]);
    expect(out.length).toBe(file.length);
    const err = await ingest(Buffer.concat([file, Buffer.alloc(50, 1)]), [4_096]).catch(
      (e: unknown) => e,
    );
    expect((err as MeshRejected).code).toBe('STL_SIZE_MISMATCH');
  });

  it('refuses a file that ends before its declared count, also mid-record', async () => {
    for (const cut of [50, 25]) {
      const file = stl(N).subarray(0, 84 + 50 * N - cut);
      const err = await ingest(file, [777]).catch((e: unknown) => e);
      expect((err as MeshRejected).code).toBe('STL_TRUNCATED');
    }
  });
});
