import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule } from '../../../wasm/src/core.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import {
  encodeFacets,
  encodeHps,
  syntheticHpsMesh,
  type HpsMesh,
} from '../../support/hpsEncoder.js';

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

const finiteFloat = fc.float({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });

/** Random meshes: any vertices, any faces (degenerate ones included) in any order. */
const randomMesh: fc.Arbitrary<HpsMesh> = fc
  .integer({ min: 3, max: 60 })
  .chain((nv) =>
    fc.record({
      vertices: fc.array(finiteFloat, { minLength: nv * 3, maxLength: nv * 3 }),
      faces: fc.array(fc.tuple(fc.nat(nv - 1), fc.nat(nv - 1), fc.nat(nv - 1)), {
        minLength: 1,
        maxLength: 120,
      }),
    }),
  )
  .map(({ vertices, faces }) => ({
    vertices: new Float32Array(vertices),
    faces: new Uint32Array(faces.flat()),
  }));

const encodeOptions = fc.record({
  schema: fc.constantFrom('CA', 'CC'),
  xmlDeclaration: fc.boolean(),
  bom: fc.boolean(),
  crlf: fc.boolean(),
  wrap: fc.constantFrom(0, 0, 76, 17),
  facetsFirst: fc.boolean(),
  lookahead: fc.constantFrom(0, 2, 8),
});

const sameBytes = (a: ArrayBufferView, b: ArrayBufferView): boolean =>
  Buffer.compare(
    Buffer.from(a.buffer, a.byteOffset, a.byteLength),
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  ) === 0;

function roundTrip(m: HpsMesh, opts: Parameters<typeof encodeHps>[1]): void {
  const decoded = mesh.decodeDcm(encodeHps(m, opts));
  expect(sameBytes(decoded.faces, m.faces)).toBe(true);
  expect(sameBytes(decoded.vertices, m.vertices)).toBe(true);
}

describe('HPS encoder and decoder', () => {
  it('decode(encode(random mesh)) gives back the same vertices and faces', () => {
    fc.assert(
      fc.property(randomMesh, encodeOptions, (m, opts) => roundTrip(m, opts)),
      { numRuns: 300 },
    );
  });

  it('round-trips strip-like meshes whose streams use VertexList, Previous, Next, Ignore and Absolute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer(), (n, seed) => {
        const m = syntheticHpsMesh(n, seed);
        roundTrip(m, { schema: 'CA' });
        roundTrip(m, { schema: 'CC', facetStream: m.stream });
        // Compact like real files: mostly one byte per triangle.
        if (n > 200) expect(m.stream.length).toBeLessThan(n * 1.5);
        expect(encodeFacets(m.faces).length).toBeLessThan(n * 13 + 1);
      }),
      { numRuns: 60 },
    );
  });

  it('round-trips the cube of the format doc, and decodes its hand-written 18-byte stream', () => {
    const cube = syntheticCubeFrom();
    roundTrip(cube, { schema: 'CC' });
    const docStream = new Uint8Array([4, 0, 0, 0, 0, 2, 2, 0, 1, 2, 7, 7, 0, 0, 0, 9, 3, 1]);
    const d = mesh.decodeDcm(encodeHps(cube, { schema: 'CC', facetStream: docStream }));
    expect(sameBytes(d.faces, cube.faces)).toBe(true);
  });

  it('decodes 16-bit Absolute indices (the standard reading) when 32-bit fails', () => {
    // Restart (0,1,2); Absolute with the 2-byte index 2 glued on 0→1; VertexList v=3 on 1→2.
    // Read with 32-bit indices the stream ends after two triangles, so only 16-bit validates.
    const cube = syntheticCubeFrom();
    const faces = new Uint32Array([0, 1, 2, 2, 1, 0, 3, 2, 1]);
    const stream = new Uint8Array([4, 7, 2, 0, 0]);
    const d = mesh.decodeDcm(
      encodeHps({ vertices: cube.vertices, faces }, { facetStream: stream }),
    );
    expect(d.indexWidth).toBe(16);
    expect([...d.faces]).toEqual([...faces]);
  });

  it('writes a 1M-face CA file of about 10 MB that decodes to the same mesh', () => {
    const m = syntheticHpsMesh(1_000_000, 3);
    const doc = encodeHps(m, { schema: 'CA', facetStream: m.stream });
    expect(doc.length).toBeGreaterThan(8e6);
    expect(doc.length).toBeLessThan(14e6);
    const d = mesh.decodeDcm(doc);
    expect(d.triangleCount).toBe(1_000_000);
    expect(sameBytes(d.faces, m.faces)).toBe(true);
  });
});

function syntheticCubeFrom(): HpsMesh {
  return {
    vertices: new Float32Array([
      0, 0, 0, 0, 10, 0, 10, 10, 0, 0, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0, 10, 10, 0, 10,
    ]),
    faces: new Uint32Array([
      0, 1, 2, 3, 1, 0, 4, 2, 1, 5, 0, 2, 6, 3, 0, 3, 4, 1, 4, 5, 2, 7, 0, 5, 0, 7, 6, 6, 4, 3, 7,
      5, 4, 6, 7, 4,
    ]),
  };
}
