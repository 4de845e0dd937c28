import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshModule } from '../../../wasm/src/core.js';
import { ENCRYPTED_DCM_MESSAGE, MeshError } from '../../../wasm/src/errors.js';
import { loadMeshModule } from '../../../wasm/src/node.js';
import { EXPECTED_ERROR_CODES, dcmFixtures, type ExpectedFixture } from './support/fixtures.js';

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const bytesOf = (a: Float32Array | Uint32Array): Uint8Array =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Corner bytes of every triangle (36 per face) = the vertex part of the STL records. */
function triangleSoup(vertices: Float32Array, faces: Uint32Array): Float32Array {
  const out = new Float32Array(faces.length * 3);
  for (let i = 0; i < faces.length; i++) {
    const v = faces[i]!;
    out[i * 3] = vertices[v * 3]!;
    out[i * 3 + 1] = vertices[v * 3 + 1]!;
    out[i * 3 + 2] = vertices[v * 3 + 2]!;
  }
  return out;
}

function stlCorners(stl: Uint8Array): Uint8Array {
  const n = new DataView(stl.buffer, stl.byteOffset).getUint32(80, true);
  const out = new Uint8Array(n * 36);
  for (let t = 0; t < n; t++) out.set(stl.subarray(84 + t * 50 + 12, 84 + t * 50 + 48), t * 36);
  return out;
}

const sig6 = (v: number): number => Number(v.toPrecision(6));

let mesh: MeshModule;
beforeAll(async () => {
  mesh = await loadMeshModule();
});

describe('DCM decoder on the fixtures', () => {
  const { dir, expected } = dcmFixtures();

  it('covers every .dcm file in the fixture folder', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.dcm'));
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [name, exp] of Object.entries(expected) as [string, ExpectedFixture][]) {
    if (exp.expect === 'ok') {
      it(`decodes ${name} to exactly the expected counts, bounds and hashes`, () => {
        const bytes = readFileSync(join(dir, name));
        const m = mesh.decodeDcm(bytes);
        expect(m.vertexCount).toBe(exp.vertex_count);
        expect(m.triangleCount).toBe(exp.face_count);
        expect(m.bounds.min.map(sig6)).toEqual(exp.bbox_min);
        expect(m.bounds.max.map(sig6)).toEqual(exp.bbox_max);
        expect(sha256(bytesOf(m.vertices))).toBe(exp.vertices_sha256);
        expect(sha256(bytesOf(m.faces))).toBe(exp.faces_sha256);
        expect(sha256(bytesOf(triangleSoup(m.vertices, m.faces)))).toBe(exp.triangles_sha256);
        expect(m.indexWidth).toBe(exp.opcode_5_7_payload_bits ?? 32);
        expect(m.color).toBe(exp.facets_color_attr ?? null);
      });

      it(`converts ${name} to a binary STL whose corners hash to triangles_sha256`, () => {
        const { stl, stats } = mesh.convertDcmToStl(readFileSync(join(dir, name)));
        expect(stl.length).toBe(84 + 50 * (exp.face_count ?? 0));
        expect(stats.triangleCount).toBe(exp.face_count);
        expect(new TextDecoder().decode(stl.subarray(0, 5))).not.toBe('solid');
        expect(sha256(stlCorners(stl))).toBe(exp.triangles_sha256);
      });
    } else {
      const code = EXPECTED_ERROR_CODES[exp.expected_error ?? ''];
      it(`refuses ${name} with ${code} (${exp.expected_error})`, () => {
        const bytes = readFileSync(join(dir, name));
        let caught: unknown;
        try {
          mesh.convertDcmToStl(bytes);
        } catch (e) {
          caught = e;
        }
        expect(caught).toBeInstanceOf(MeshError);
        expect((caught as MeshError).code).toBe(code);
      });
    }
  }

  it('tells the user to export an encrypted (CE) file as STL/PLY', () => {
    const bytes = readFileSync(join(dir, 'example_ce.dcm'));
    expect(() => mesh.convertDcmToStl(bytes)).toThrow(ENCRYPTED_DCM_MESSAGE);
    expect(ENCRYPTED_DCM_MESSAGE).toMatch(/export .*STL\/PLY/i);
  });

  it('names the schema of an unsupported (CB) file', () => {
    const bytes = readFileSync(join(dir, 'unsupported-schema-cb.dcm'));
    expect(() => mesh.convertDcmToStl(bytes)).toThrow(/schema CB/);
  });

  it('converts HandleAngledLarge.dcm to the triangles of the independent reference STL', () => {
    const { stl } = mesh.convertDcmToStl(readFileSync(join(dir, 'HandleAngledLarge.dcm')));
    const ref = readFileSync(join(dir, 'HandleAngledLarge.reference.stl'));
    expect(stl.length).toBe(ref.length);
    expect(Buffer.from(stlCorners(stl)).equals(Buffer.from(stlCorners(ref)))).toBe(true);
  });

  it('converts example_ca.dcm to 15,510 triangles', () => {
    const { stats } = mesh.convertDcmToStl(readFileSync(join(dir, 'example_ca.dcm')));
    expect(stats.triangleCount).toBe(15510);
  });

  it('writes unit normals that agree with the reference STL', () => {
    const { stl } = mesh.convertDcmToStl(readFileSync(join(dir, 'HandleAngledLarge.dcm')));
    const ref = readFileSync(join(dir, 'HandleAngledLarge.reference.stl'));
    const a = new DataView(stl.buffer, stl.byteOffset);
    const b = new DataView(ref.buffer, ref.byteOffset);
    let worst = 0;
    for (let t = 0; t < 7548; t++) {
      let dot = 0;
      for (let k = 0; k < 3; k++) {
        dot += a.getFloat32(84 + t * 50 + k * 4, true) * b.getFloat32(84 + t * 50 + k * 4, true);
      }
      worst = Math.max(worst, Math.abs(1 - dot));
    }
    expect(worst).toBeLessThan(1e-3);
  });
});
