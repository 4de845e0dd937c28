import { Box3, type Mesh } from 'three';
import { MeshoptDecoder as ThreeMeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { coarseTriangleBudget } from '../../../../api/src/domain/viewLevels.js';
import { simplifyToCoarse } from '../../../../api/src/mesh/coarseLevel.js';
import { buildViewDerivative, weld } from '../../../../api/src/mesh/viewDerivative.js';
import {
  fixtureObj,
  fixtureStl,
  readBinaryStl,
  syntheticArch,
} from '../../../support/meshFiles.js';

/** The welded vertices and triangles of a triangle soup, as the derivative build has them. */
function welded(soup: Float32Array): { positions: Float32Array; indices: Uint32Array } {
  const w = weld(soup, undefined, 0);
  const positions = new Float32Array(w.unique * 3);
  for (let u = 0; u < w.unique; u++)
    for (let a = 0; a < 3; a++) positions[u * 3 + a] = soup[w.firstOf[u]! * 3 + a]!;
  return { positions, indices: Uint32Array.from(w.remap) };
}

/** Bounding box of the vertices the triangles use. */
function usedBox(positions: Float32Array, indices: Uint32Array): number[] {
  const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (const v of indices)
    for (let a = 0; a < 3; a++) {
      b[a] = Math.min(b[a]!, positions[v * 3 + a]!);
      b[a + 3] = Math.max(b[a + 3]!, positions[v * 3 + a]!);
    }
  return b;
}

async function loadGlb(glb: Uint8Array): Promise<Mesh> {
  const loader = new GLTFLoader().setMeshoptDecoder(ThreeMeshoptDecoder);
  const gltf = await loader.parseAsync(
    glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer,
    '',
  );
  let mesh: Mesh | undefined;
  gltf.scene.traverse((o) => {
    if ((o as Mesh).isMesh) mesh = o as Mesh;
  });
  if (!mesh) throw new Error('no mesh in the GLB');
  return mesh;
}

describe('simplifyToCoarse', () => {
  it('brings the real upper arch (85k triangles) to its 8 % budget with the bounding box kept exactly', async () => {
    const { positions, indices } = welded(readBinaryStl(fixtureStl('upper-arch-crowns.stl')));
    const coarse = await simplifyToCoarse(positions, indices);
    const budget = coarseTriangleBudget(indices.length / 3);
    expect(budget).toBe(6_819);
    expect(coarse.length / 3).toBeLessThanOrEqual(budget);
    expect(coarse.length / 3).toBeGreaterThan(budget * 0.9);
    // Edge collapses keep original vertices and the six extreme ones are locked: same box.
    expect(usedBox(positions, coarse)).toEqual(usedBox(positions, indices));
    for (const v of coarse) expect(v).toBeLessThan(positions.length / 3);
  });

  it('keeps the box of the real lower arch, an open scan with a border', async () => {
    const obj = fixtureObj('lower-arch-crowns.obj');
    const coarse = await simplifyToCoarse(obj.positions, obj.indices);
    expect(coarse.length / 3).toBeLessThanOrEqual(coarseTriangleBudget(obj.indices.length / 3));
    expect(usedBox(obj.positions, coarse)).toEqual(usedBox(obj.positions, obj.indices));
  });

  it('caps a 1M-triangle scan at 36k triangles', async () => {
    const scan = syntheticArch(2000, 251);
    const coarse = await simplifyToCoarse(scan.positions, scan.indices);
    expect(coarse.length / 3).toBeLessThanOrEqual(36_000);
    expect(coarse.length / 3).toBeGreaterThan(30_000);
    expect(usedBox(scan.positions, coarse)).toEqual(usedBox(scan.positions, scan.indices));
  });
});

describe('buildViewDerivative coarse level', () => {
  it('is built for a model over 50k triangles, on the full level’s grid and within one grid step of its box', async () => {
    const d = await buildViewDerivative({
      positions: readBinaryStl(fixtureStl('upper-arch-crowns.stl')),
    });
    expect(d.coarse).toBeDefined();
    const coarse = d.coarse!;
    expect(coarse.triangles).toBeLessThanOrEqual(coarseTriangleBudget(85_232));
    expect(coarse.br.byteLength).toBeLessThan(d.br.byteLength / 5);
    const [full, low] = await Promise.all([loadGlb(d.glb), loadGlb(coarse.glb)]);
    // One replaces the other in place: the same node transform.
    expect(low.parent!.position.toArray()).toEqual(full.parent!.position.toArray());
    expect(low.parent!.scale.toArray()).toEqual(full.parent!.scale.toArray());
    const a = new Box3().setFromObject(full.parent!);
    const b = new Box3().setFromObject(low.parent!);
    const step = d.stats.gridStep;
    for (const k of ['x', 'y', 'z'] as const) {
      expect(Math.abs(a.min[k] - b.min[k])).toBeLessThanOrEqual(step);
      expect(Math.abs(a.max[k] - b.max[k])).toBeLessThanOrEqual(step);
    }
    // The simplified surface need not stay closed: drawn double-sided.
    expect((low.material as { side: number }).side).not.toBe(
      (full.material as { side: number }).side,
    );
  });

  it('is not built for a model of 50k triangles or fewer', async () => {
    const d = await buildViewDerivative({
      positions: readBinaryStl(fixtureStl('molar-crown-fdi16.stl')),
    });
    expect(d.coarse).toBeUndefined();
  });
});
