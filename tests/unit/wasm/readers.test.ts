import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import {
  TETRA,
  TETRA_MESH,
  asciiPly,
  asciiStl,
  binaryPly,
  binaryStl,
  text,
} from '../../int/wasm/support/builders.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

const f32 = fc.float({ noNaN: true, noDefaultInfinity: true, min: -1e5, max: 1e5 });
const soupArb = fc
  .integer({ min: 1, max: 40 })
  .chain((n) => fc.array(f32, { minLength: n * 9, maxLength: n * 9 }))
  .map((a) => new Float32Array(a));

describe('STL readers', () => {
  it('read binary and ASCII STL of the same triangles to identical positions', () => {
    fc.assert(
      fc.property(soupArb, (soup) => {
        const a = mesh.parseMesh(binaryStl(soup), { normals: false });
        const b = mesh.parseMesh(text(asciiStl(soup)), { normals: false });
        expect(a.format).toBe('stl-binary');
        expect(b.format).toBe('stl-ascii');
        expect(a.positions).toEqual(soup);
        expect(b.positions).toEqual(soup);
      }),
      { numRuns: 200 },
    );
  });

  it('computes unit face normals for every corner', () => {
    const m = mesh.parseMesh(binaryStl(TETRA));
    expect(m.normals?.length).toBe(36);
    expect([...m.normals!.subarray(0, 3)]).toEqual([0, 0, -1]);
    expect([...m.normals!.subarray(3, 9)]).toEqual([0, 0, -1, 0, 0, -1]);
  });

  it('reports counts and the bounding box', () => {
    const m = mesh.parseMesh(binaryStl(TETRA));
    expect(m.stats.triangleCount).toBe(4);
    expect(m.stats.bounds).toEqual({ min: [0, 0, 0], max: [1, 1, 1] });
  });

  it('tolerates fewer than 50 trailing bytes and drops them when sanitising', () => {
    const src = binaryStl(TETRA, { trailing: 20 });
    const r = mesh.validateAndSanitise(src);
    expect(r.stats.warnings).toContain('TRAILING_BYTES');
    expect(r.bytes.length).toBe(84 + 4 * 50);
  });

  it('stores ASCII STL as binary STL without the solid name', () => {
    const r = mesh.validateAndSanitise(text(asciiStl(TETRA, 'Jane_Doe_1970')));
    expect(r.sourceFormat).toBe('stl-ascii');
    expect(r.kind).toBe('stl');
    expect(r.converted).toBe(true);
    expect(new TextDecoder('latin1').decode(r.bytes)).not.toContain('Jane');
    expect(mesh.parseMesh(r.bytes).positions).toEqual(TETRA);
  });
});

describe('PLY reader', () => {
  const expectTetra = (bytes: Uint8Array, format: string): void => {
    const m = mesh.parseMesh(bytes);
    expect(m.format).toBe(format);
    expect([...m.positions]).toEqual(TETRA_MESH.positions);
    expect([...m.indices!]).toEqual(TETRA_MESH.faces.flat());
    const rgba = TETRA_MESH.colors!.flatMap((c, i) => (i % 3 === 2 ? [c, 255] : [c]));
    expect([...m.colors!]).toEqual(rgba);
    expect(m.normals?.length).toBe(12);
  };

  it('reads ascii, binary little-endian and binary big-endian with colours alike', () => {
    expectTetra(asciiPly(TETRA_MESH), 'ply-ascii');
    expectTetra(binaryPly(TETRA_MESH), 'ply-binary-le');
    expectTetra(binaryPly(TETRA_MESH, { bigEndian: true }), 'ply-binary-be');
  });

  it('fan-triangulates polygons', () => {
    const quad = { positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], faces: [[0, 1, 2, 3]] };
    expect([...mesh.parseMesh(binaryPly(quad)).indices!]).toEqual([0, 1, 2, 0, 2, 3]);
  });

  it('skips unknown elements and properties', () => {
    const src = text(
      'ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nproperty float quality\n' +
        'element face 1\nproperty list uchar int vertex_indices\nproperty uchar flags\nelement edge 1\nproperty int a\nproperty int b\nend_header\n' +
        '0 0 0 1\n1 0 0 1\n0 1 0 1\n3 0 1 2 7\n0 1\n',
    );
    const m = mesh.parseMesh(src);
    expect(m.stats.triangleCount).toBe(1);
    expect(m.colors).toBeNull();
  });

  it('refuses a PLY without faces as NO_GEOMETRY', () => {
    const src = text(
      'ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n',
    );
    expect(() => mesh.parseMesh(src)).toThrow(expect.objectContaining({ code: 'NO_GEOMETRY' }));
  });
});

describe('mesh kernels', () => {
  it('writes a binary STL whose records hold the corners and unit normals', () => {
    const pos = new Float32Array(TETRA_MESH.positions);
    const idx = new Uint32Array(TETRA_MESH.faces.flat());
    const stl = mesh.writeStl(pos, idx);
    expect(stl.length).toBe(84 + 4 * 50);
    expect(new TextDecoder().decode(stl.subarray(0, 5))).not.toBe('solid');
    const back = mesh.parseMesh(stl, { normals: false });
    expect(back.stats.triangleCount).toBe(4);
    const dv = new DataView(stl.buffer, stl.byteOffset);
    expect([0, 4, 8].map((o) => dv.getFloat32(84 + o, true))).toEqual([0, 0, -1]);
    expect(() => mesh.writeStl(pos, new Uint32Array([0, 1, 9]))).toThrow(MeshError);
  });

  it('computes area-weighted unit vertex normals', () => {
    const pos = new Float32Array(TETRA_MESH.positions);
    const n = mesh.vertexNormals(pos, new Uint32Array(TETRA_MESH.faces.flat()));
    for (let v = 0; v < 4; v++) {
      const len = Math.hypot(n[v * 3]!, n[v * 3 + 1]!, n[v * 3 + 2]!);
      expect(len).toBeCloseTo(1, 5);
    }
    // Vertex 0 sits on three axis-aligned faces: its normal points to (-1,-1,-1)/√3.
    expect(n[0]).toBeCloseTo(-1 / Math.sqrt(3), 5);
  });

  it('decodes strict base64 exactly like Node and refuses anything else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const b64 = text(Buffer.from(bytes).toString('base64'));
        expect(mesh.decodeBase64(b64)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
    for (const bad of ['QQ=', 'QQ=A', 'Q$==', 'QUJD=', '====']) {
      expect(() => mesh.decodeBase64(text(bad))).toThrow(
        expect.objectContaining({ code: 'BAD_BASE64' }),
      );
    }
  });
});
