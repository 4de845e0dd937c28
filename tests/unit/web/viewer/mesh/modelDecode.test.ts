import { MeshoptDecoder } from 'meshoptimizer';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildViewDerivative, readGlbJson } from '../../../../../api/src/mesh/viewDerivative';
import { decodeModel, type DecodeTools } from '../../../../../web/src/viewer/mesh/modelDecode';
import { parseViewGlb } from '../../../../../web/src/viewer/mesh/viewGlb';
import { ViewMeshError } from '../../../../../web/src/viewer/mesh/viewMeshError';
import { loadMeshModule } from '../../../../../wasm/src/node';
import { fixtureStl, readBinaryStl } from '../../../../support/meshFiles';

describe('view derivative decoding (what the decode worker runs)', () => {
  let tools: DecodeTools;
  beforeAll(async () => {
    const mod = await loadMeshModule();
    await MeshoptDecoder.ready;
    tools = { meshopt: MeshoptDecoder, gridNormals: (p, i) => mod.gridNormals(p, i) };
  });

  const glbOf = async (stl: Uint8Array) => {
    const view = await buildViewDerivative({ positions: readBinaryStl(stl) });
    return { glb: view.glb, stats: view.stats };
  };
  const bufferOf = (u8: Uint8Array) =>
    u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;

  /** The same GLB with its JSON chunk rewritten (the BIN chunk is kept byte for byte). */
  type Json = Record<string, unknown>;
  const withJson = (glb: Uint8Array, edit: (json: Json) => Json) => {
    const { json, bin } = readGlbJson(glb);
    const text = new TextEncoder().encode(JSON.stringify(edit(json)));
    const jsonLength = (text.byteLength + 3) & ~3;
    const out = new Uint8Array(12 + 8 + jsonLength + 8 + bin.byteLength);
    const dv = new DataView(out.buffer);
    dv.setUint32(0, 0x46546c67, true);
    dv.setUint32(4, 2, true);
    dv.setUint32(8, out.byteLength, true);
    dv.setUint32(12, jsonLength, true);
    dv.setUint32(16, 0x4e4f534a, true);
    out.set(text, 20);
    out.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
    dv.setUint32(20 + jsonLength, bin.byteLength, true);
    dv.setUint32(24 + jsonLength, 0x004e4942, true);
    out.set(bin, 28 + jsonLength);
    return out;
  };

  it('decodes the real upper arch: every triangle, unit normals, bounds within 2 µm of the scan', async () => {
    const { glb, stats } = await glbOf(fixtureStl('upper-arch-crowns.stl'));
    const m = decodeModel(bufferOf(glb), tools);
    expect(m.stride).toBe(4);
    expect(m.triangles).toBe(stats.triangles);
    // A closed arch facing outwards: drawn single-sided.
    expect(m.doubleSided).toBe(false);
    expect(m.positions.length).toBe(stats.vertices * 4);
    expect(m.normals.length).toBe(stats.vertices * 3);
    for (let v = 0; v < m.normals.length; v += 3) {
      const len = Math.hypot(m.normals[v]!, m.normals[v + 1]!, m.normals[v + 2]!);
      expect(Math.abs(len - 1)).toBeLessThan(1e-5);
    }
    for (let a = 0; a < 3; a++) {
      const lo = m.offset[a]! + m.scale * m.min[a]!;
      const hi = m.offset[a]! + m.scale * m.max[a]!;
      expect(Math.abs(lo - stats.bboxMin[a]!)).toBeLessThanOrEqual(0.002);
      expect(Math.abs(hi - stats.bboxMax[a]!)).toBeLessThanOrEqual(0.002);
    }
  });

  it('falls back to a binary STL soup with face normals', () => {
    const stl = fixtureStl('upper-arch-crowns.stl');
    const m = decodeModel(bufferOf(stl), tools);
    expect(m.stride).toBe(3);
    expect(m.indices).toBeUndefined();
    expect(m.triangles).toBe((stl.byteLength - 84) / 50);
    expect(m.doubleSided).toBe(true);
  });

  it('reads a derivative stored before KHR_meshopt_compression and materials as double-sided', async () => {
    const { glb, stats } = await glbOf(fixtureStl('upper-arch-crowns.stl'));
    const legacy = withJson(glb, (json) => {
      const old = JSON.parse(
        JSON.stringify(json).replaceAll('KHR_meshopt_compression', 'EXT_meshopt_compression'),
      ) as Json;
      delete old.materials;
      delete (old.meshes as { primitives: Json[] }[])[0]!.primitives[0]!.material;
      return old;
    });
    const m = decodeModel(bufferOf(legacy), tools);
    expect(m.triangles).toBe(stats.triangles);
    expect(m.doubleSided).toBe(true);
  });

  it('refuses a material whose doubleSided is not a boolean', async () => {
    const { glb } = await glbOf(fixtureStl('upper-arch-crowns.stl'));
    const bad = withJson(glb, (json) => ({ ...json, materials: [{ doubleSided: 'no' }] }));
    expect(() => parseViewGlb(bufferOf(bad), MeshoptDecoder)).toThrow(ViewMeshError);
  });

  it('refuses a truncated, tampered or foreign GLB with a ViewMeshError', async () => {
    const { glb } = await glbOf(fixtureStl('upper-arch-crowns.stl'));
    const truncated = bufferOf(glb.subarray(0, glb.byteLength - 1000));
    expect(() => parseViewGlb(truncated, MeshoptDecoder)).toThrow(ViewMeshError);
    const tampered = glb.slice();
    // Flip bytes inside the BIN chunk's meshopt streams.
    for (let i = tampered.byteLength - 4000; i < tampered.byteLength - 3000; i++) {
      tampered[i] = tampered[i]! ^ 0xff;
    }
    expect(() => decodeModel(bufferOf(tampered), tools)).toThrow();
    const notGlb = new Uint8Array(200);
    expect(() => decodeModel(bufferOf(notGlb), tools)).toThrow(ViewMeshError);
  });
});
