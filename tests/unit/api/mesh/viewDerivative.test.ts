import { brotliDecompressSync } from 'node:zlib';
import { MeshoptDecoder } from 'meshoptimizer';
import { FrontSide, type Mesh } from 'three';
import { MeshoptDecoder as ThreeMeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import {
  buildViewDerivative,
  readGlbJson,
  ViewDerivativeError,
} from '../../../../api/src/mesh/viewDerivative.js';
import { buildStoredView } from '../../../../api/src/mesh/viewBuild.js';
import { loadMeshModule } from '../../../../wasm/src/node.js';
import { fixtureStl, readBinaryStl } from '../../../support/meshFiles.js';
import {
  FACE_RGB,
  binaryStlFile,
  faceColors,
  faceElement,
  headerBytes,
  plyFile,
  vertexElement,
} from '../../wasm/support/meshVariants.js';

interface View {
  extensions: {
    KHR_meshopt_compression: {
      byteOffset: number;
      byteLength: number;
      byteStride: number;
      count: number;
      mode: string;
    };
  };
}

/** Decodes the GLB like three's GLTFLoader + MeshoptDecoder would. */
async function decode(glb: Uint8Array) {
  await MeshoptDecoder.ready;
  const { json, bin } = readGlbJson(glb);
  const views = json.bufferViews as View[];
  const out = views.map((v) => {
    const e = v.extensions.KHR_meshopt_compression;
    const target = new Uint8Array(e.count * e.byteStride);
    MeshoptDecoder.decodeGltfBuffer(
      target,
      e.count,
      e.byteStride,
      bin.subarray(e.byteOffset, e.byteOffset + e.byteLength),
      e.mode,
    );
    return target;
  });
  const node = (json.nodes as { translation: number[]; scale: number[] }[])[0]!;
  return { json, out, node };
}

describe('buildViewDerivative', () => {
  it('welds, quantises within 2 µm and meets G8 (≤ 6 % of STL bytes) on the real upper arch', async () => {
    const stl = fixtureStl('upper-arch-crowns.stl');
    const soup = readBinaryStl(stl);
    const d = await buildViewDerivative({ positions: soup });
    expect(d.stats.triangles).toBe(85_232);
    expect(d.stats.vertices).toBe(42_644);
    expect(d.stats.maxError).toBeLessThanOrEqual(0.002);
    expect(d.br.byteLength / stl.byteLength).toBeLessThanOrEqual(0.06);
    // The arch is a closed surface facing outwards: its material is single-sided.
    expect(d.stats.closed).toBe(true);
    expect(Buffer.compare(brotliDecompressSync(d.br), Buffer.from(d.glb))).toBe(0);

    // Every original triangle corner comes back within the reported error.
    const { json, out, node } = await decode(d.glb);
    expect(json.extensionsRequired).toEqual(['KHR_mesh_quantization', 'KHR_meshopt_compression']);
    expect(json.materials).toEqual([{ doubleSided: false }]);
    const q = new Uint16Array(out[0]!.buffer);
    const idx =
      d.stats.vertices <= 0xffff
        ? new Uint16Array(out[1]!.buffer)
        : new Uint32Array(out[1]!.buffer);
    expect(idx.length).toBe(85_232 * 3);
    const s = node.scale[0]!;
    const [tx, ty, tz] = node.translation as [number, number, number];
    const corner = (k: number) => {
      const v = idx[k]!;
      return [
        tx + (q[v * 4]! / 65535) * s,
        ty + (q[v * 4 + 1]! / 65535) * s,
        tz + (q[v * 4 + 2]! / 65535) * s,
      ];
    };
    // Triangle and vertex order change (cache reorder): find each decoded corner's original
    // vertex through a 10 µm cell grid and check it lies within 2 µm.
    const cells = new Map<string, number[]>();
    const cell = (x: number, y: number, z: number) =>
      `${Math.floor(x * 100)},${Math.floor(y * 100)},${Math.floor(z * 100)}`;
    for (let i = 0; i < soup.length; i += 3) {
      const k = cell(soup[i]!, soup[i + 1]!, soup[i + 2]!);
      const list = cells.get(k);
      if (list) list.push(i);
      else cells.set(k, [i]);
    }
    let worst = 0;
    for (let k = 0; k < idx.length; k += 31) {
      const [x, y, z] = corner(k) as [number, number, number];
      let best = Infinity;
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (let dz = -1; dz <= 1; dz++) {
            const list = cells.get(cell(x + dx * 0.01, y + dy * 0.01, z + dz * 0.01)) ?? [];
            for (const i of list)
              best = Math.min(best, Math.hypot(soup[i]! - x, soup[i + 1]! - y, soup[i + 2]! - z));
          }
      worst = Math.max(worst, best);
    }
    expect(worst).toBeLessThanOrEqual(0.002);
    expect(worst).toBeLessThanOrEqual(d.stats.maxError + 1e-5);
  });

  it("loads in three's GLTFLoader + MeshoptDecoder as a quantised, single-sided mesh", async () => {
    const d = await buildViewDerivative({
      positions: readBinaryStl(fixtureStl('upper-arch-crowns.stl')),
    });
    const loader = new GLTFLoader().setMeshoptDecoder(ThreeMeshoptDecoder);
    const gltf = await loader.parseAsync(
      d.glb.buffer.slice(d.glb.byteOffset, d.glb.byteOffset + d.glb.byteLength) as ArrayBuffer,
      '',
    );
    const meshes: Mesh[] = [];
    gltf.scene.traverse((o) => {
      if ((o as Mesh).isMesh) meshes.push(o as Mesh);
    });
    expect(meshes).toHaveLength(1);
    const [mesh] = meshes as [Mesh];
    expect(mesh.geometry.index?.count).toBe(85_232 * 3);
    expect(mesh.geometry.getAttribute('position').normalized).toBe(true);
    expect((mesh.material as { side: number }).side).toBe(FrontSide);
  });

  it('marks an open sheet double-sided', async () => {
    // Two triangles of a square: every edge on the border has no opposite.
    const d = await buildViewDerivative({
      positions: new Float32Array([0, 0, 0, 10, 0, 0, 0, 10, 0, 10, 10, 0]),
      indices: new Uint32Array([0, 1, 2, 1, 3, 2]),
    });
    expect(d.stats.closed).toBe(false);
    const { json } = await decode(d.glb);
    expect(json.materials).toEqual([{ doubleSided: true }]);
  });

  it('keeps PLY vertex colours as COLOR_0', async () => {
    const positions = new Float32Array([0, 0, 0, 10, 0, 0, 0, 10, 0, 10, 10, 0]);
    const colors = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]);
    const d = await buildViewDerivative({
      positions,
      indices: new Uint32Array([0, 1, 2, 1, 3, 2]),
      colors,
    });
    expect(d.stats.hasColors).toBe(true);
    const { json, out } = await decode(d.glb);
    const prim = (json.meshes as { primitives: { attributes: Record<string, number> }[] }[])[0]!
      .primitives[0]!;
    expect(prim.attributes.COLOR_0).toBe(2);
    const rgba = Array.from(out[2]!);
    // Each original colour survives with alpha 255, in some vertex order.
    for (const c of [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [9, 9, 9],
    ]) {
      expect(rgba.join(',')).toContain([...c, 255].join(','));
    }
  });

  it('carries PLY face colours and STL facet colours from the stored file into COLOR_0', async () => {
    const colours = async (bytes: Uint8Array) => {
      const d = await buildStoredView(bytes);
      const { json, out } = await decode(d.glb);
      const prim = (json.meshes as { primitives: { attributes: Record<string, number> }[] }[])[0]!
        .primitives[0]!;
      const c = out[prim.attributes.COLOR_0!]!;
      const seen = new Set<string>();
      for (let i = 0; i < c.length; i += 4) seen.add([...c.subarray(i, i + 4)].join(','));
      return { d, seen };
    };
    // Four faces of four colours: no corner may be welded to a neighbour's, 12 vertices stay.
    const ply = plyFile('binary_little_endian', [
      vertexElement(),
      faceElement(faceColors('uchar')),
    ]);
    const p = await colours(ply);
    expect(p.d.stats.hasColors).toBe(true);
    expect(p.d.stats.vertices).toBe(12);
    expect([...p.seen].sort()).toEqual(FACE_RGB.map((c) => [...c, 255].join(',')).sort());
    // One colour on every face: the weld joins the corners again.
    const one = faceColors(
      'uchar',
      FACE_RGB.map(() => [77, 77, 77]),
    );
    const same = await colours(plyFile('ascii', [vertexElement(), faceElement(one)]));
    expect(same.d.stats.vertices).toBe(4);
    expect([...same.seen]).toEqual(['77,77,77,255']);
    const stl = binaryStlFile({
      header: headerBytes('Jane Doe COLOR=', [10, 20, 30, 255]),
      attributes: [0x001f, 0x8000, 0x8000, 0x8000],
    });
    // Through the stored copy, as the server builds it: the header's colour survives.
    const stored = (await loadMeshModule()).validateAndSanitise(stl).bytes;
    const s = await colours(stored);
    expect([...s.seen].sort()).toEqual(['10,20,30,255', '255,0,0,255']);
  });

  it('writes no COLOR_0 for a file without colours', async () => {
    const d = await buildStoredView(binaryStlFile());
    expect(d.stats.hasColors).toBe(false);
    const { json } = await decode(d.glb);
    const prim = (json.meshes as { primitives: { attributes: Record<string, number> }[] }[])[0]!
      .primitives[0]!;
    expect(prim.attributes.COLOR_0).toBeUndefined();
  });

  it('refuses empty and malformed meshes', async () => {
    await expect(buildViewDerivative({ positions: new Float32Array() })).rejects.toBeInstanceOf(
      ViewDerivativeError,
    );
    await expect(
      buildViewDerivative({ positions: new Float32Array([0, 0, 0, 1, 1, 1, Number.NaN, 0, 0]) }),
    ).rejects.toThrow('non-finite');
    await expect(
      buildViewDerivative({ positions: new Float32Array(9), indices: new Uint32Array([0, 1, 5]) }),
    ).rejects.toThrow('index out of range');
  });
});
