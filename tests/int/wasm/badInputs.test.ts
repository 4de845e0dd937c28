import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import { loadMeshModule, validateAndSanitise } from '../../../wasm/src/node.js';
import { MeshWorkerPool } from '../../../wasm/src/pool.js';
import { BAD_INPUT_CASES, type BadInputCase } from './support/badInputCases.js';
import { TETRA, TETRA_MESH, binaryPly, binaryStl } from './support/builders.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

function run(c: BadInputCase, bytes: Uint8Array): unknown {
  switch (c.op) {
    case 'sanitise':
      return mesh.validateAndSanitise(bytes, c.kind ? { expect: c.kind } : {});
    case 'parse':
      return mesh.parseMesh(bytes);
    case 'convertDcm':
      return mesh.convertDcmToStl(bytes);
  }
}

describe('mesh module on bad inputs', () => {
  for (const c of BAD_INPUT_CASES) {
    it(`row ${c.row}: ${c.title} → ${c.expect}`, () => {
      const bytes = c.make();
      let caught: unknown = null;
      try {
        run(c, bytes);
      } catch (e) {
        caught = e;
      }
      if (c.expect === 'ok') {
        expect(caught).toBeNull();
      } else {
        expect(caught).toBeInstanceOf(MeshError);
        expect([c.expect, ...(c.alsoAccept ?? [])]).toContain((caught as MeshError).code);
      }
      // Never more than a small multiple of the input (plus a fixed allowance for tiny files).
      expect(mesh.lastPeakBytes).toBeLessThanOrEqual(4 * bytes.length + 64 * 1024);
    });
  }

  it('row 3: refuses N = 0xFFFFFFFF before allocating anything beyond the input copy', () => {
    const b = new Uint8Array(100);
    new DataView(b.buffer).setUint32(80, 0xffffffff, true);
    expect(() => mesh.parseMesh(b)).toThrow(MeshError);
    expect(mesh.lastPeakBytes).toBeLessThan(1024);
  });

  it('row 4: keeps all triangles of a binary STL whose header says "solid" and blanks the header', () => {
    const r = mesh.validateAndSanitise(binaryStl(TETRA, { header: 'solid Jane Doe 1970-01-01' }));
    expect(r.sourceFormat).toBe('stl-binary');
    expect(r.stats.triangleCount).toBe(4);
    expect([...r.bytes.subarray(0, 80)].every((b) => b === 0)).toBe(true);
  });

  it('row 7: names the line of an ASCII STL syntax error', () => {
    const t = 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\n';
    expect(() => mesh.parseMesh(new TextEncoder().encode(t))).toThrow(/line 6/);
  });

  it('row 8: keeps memory constant on a 100 MB line (input copy only)', () => {
    const b = new Uint8Array(100 * 1024 * 1024).fill(0x61);
    b.set(new TextEncoder().encode('solid x\nfacet normal '));
    expect(() => mesh.parseMesh(b)).toThrow(expect.objectContaining({ code: 'LINE_TOO_LONG' }));
    expect(mesh.lastPeakBytes).toBeLessThan(b.length + 64 * 1024);
  });

  it('row 10: frames a finite bounding box and flags the degenerate, huge mesh', () => {
    const m = mesh.parseMesh(binaryStl(new Float32Array(9).fill(1e30)));
    expect(m.stats.bounds.min.every(Number.isFinite)).toBe(true);
    expect(m.stats.warnings).toEqual(
      expect.arrayContaining(['DEGENERATE_BOUNDS', 'HUGE_COORDINATES']),
    );
  });

  it('row 12: merges several ASCII solids and says so', () => {
    const one = new TextEncoder().encode(
      'solid a\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid a\n',
    );
    const two = new Uint8Array([...one, ...one]);
    const m = mesh.parseMesh(two);
    expect(m.stats.triangleCount).toBe(2);
    expect(m.stats.warnings).toContain('MULTIPLE_SOLIDS');
  });

  it('row 13: refuses a huge declared PLY vertex count without preallocating', () => {
    const b = BAD_INPUT_CASES.find((c) => c.row === 13)!.make();
    expect(() => mesh.parseMesh(b)).toThrow(MeshError);
    expect(mesh.lastPeakBytes).toBeLessThan(b.length + 1024);
  });

  it('row 20: serves a PLY without its comment and obj_info lines, data unchanged', () => {
    const src = binaryPly(TETRA_MESH, {
      extra: ['comment Patient: Jane Doe', 'obj_info born 1970-01-01'],
    });
    const r = mesh.validateAndSanitise(src, { expect: 'ply' });
    const out = new TextDecoder('latin1').decode(r.bytes);
    expect(out).not.toMatch(/Jane Doe|obj_info|comment/);
    expect(r.bytes).toEqual(binaryPly(TETRA_MESH));
    expect(r.stats.triangleCount).toBe(4);
  });

  it('row 18: reads the same mesh from a CRLF header as from an LF header', () => {
    const a = mesh.parseMesh(binaryPly(TETRA_MESH, { eol: '\r\n' }));
    const b = mesh.parseMesh(binaryPly(TETRA_MESH));
    expect(a.positions).toEqual(b.positions);
    expect(a.indices).toEqual(b.indices);
    expect(a.colors).toEqual(b.colors);
  });

  it('row 22: refuses a DOCTYPE in well under 50 ms', () => {
    const c = BAD_INPUT_CASES.find((x) => x.row === 22)!;
    const b = c.make();
    const t0 = performance.now();
    expect(() => mesh.convertDcmToStl(b)).toThrow(
      expect.objectContaining({ code: 'XML_DTD_FORBIDDEN' }),
    );
    expect(performance.now() - t0).toBeLessThan(50);
  });
});

describe('mesh worker pool', () => {
  const pool = new MeshWorkerPool({ size: 1 });
  afterAll(() => pool.close());

  it('row 11: validates a 50 MiB binary STL (1M triangles) in a worker in under 2 s', async () => {
    const n = 1_048_576;
    const soup = new Float32Array(n * 9);
    for (let i = 0; i < soup.length; i++) soup[i] = (i % 977) * 0.1;
    const stl = binaryStl(soup);
    await validateAndSanitise(binaryStl(TETRA), { pool });
    const rss0 = process.memoryUsage().rss;
    const t0 = performance.now();
    const r = await validateAndSanitise(stl, { pool, expect: 'stl' });
    const ms = performance.now() - t0;
    const rss = process.memoryUsage().rss - rss0;
    expect(r.stats.triangleCount).toBe(n);
    expect(ms).toBeLessThan(2000);
    expect(rss).toBeLessThan(300 * 1024 * 1024);
  });

  it('maps a refused file to a MeshError with its code across the thread boundary', async () => {
    await expect(validateAndSanitise(new Uint8Array(0), { pool })).rejects.toMatchObject({
      name: 'MeshError',
      code: 'EMPTY_FILE',
    });
  });

  it('fails a task that misses its deadline with TIMEOUT and keeps serving', async () => {
    const slow = new MeshWorkerPool({ size: 1, timeoutMs: 1 });
    const big = binaryStl(new Float32Array(9 * 200_000).fill(1));
    await expect(slow.run('sanitise', { bytes: big })).rejects.toMatchObject({ code: 'TIMEOUT' });
    await slow.close();
    const r = await pool.run('sanitise', { bytes: binaryStl(TETRA) });
    expect(r.stats.triangleCount).toBe(4);
  });
});
