import { Matrix4, Vector3 } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeshArrays } from '../../../../../web/src/viewer/geometry/meshArrays';
import { buildMeshIndex, geometryOf } from '../../../../../web/src/viewer/geometry/meshIndex';
import { planeFrame, planeToWorld } from '../../../../../web/src/viewer/geometry/planeFrame';
import {
  outlineLength,
  SectionSlicer,
  type SectionOutline,
} from '../../../../../web/src/viewer/geometry/section';
import { fixtureStl, readBinaryStl } from '../../../../support/meshFiles';
import {
  indexed,
  viewerModelFromDerivative,
  viewerModelFromStl,
} from '../../../../support/viewerMeshes';
import { flatSheet, unitCube, unitCubeDuplicated, unitCubeSoup } from './meshes';

const v = (x: number, y: number, z: number) => new Vector3(x, y, z);

/** Slices with the BVH and with a full scan, checks both agree, answers the BVH's outline. */
function cut(mesh: MeshArrays, origin: Vector3, normal: Vector3): SectionOutline {
  const frame = planeFrame(origin, normal);
  const full = new SectionSlicer(mesh).slice(frame);
  const fullSummary = summary(full);
  const withBvh = new SectionSlicer(mesh, buildMeshIndex(geometryOf(mesh), mesh)).slice(frame);
  expect(summary(withBvh)).toEqual(fullSummary);
  return withBvh;
}

/** Chains as sorted (closed, points, rounded length) triples: independent of visiting order. */
function summary(o: SectionOutline) {
  const chains = [];
  for (let c = 0; c < o.chainCount; c++) {
    chains.push([o.chainClosed[c], o.chainLength[c], outlineLength(o, c).toFixed(9)].join(' '));
  }
  return chains.sort();
}

/** Signed area of a closed chain in the plane's 2D frame (shoelace). */
function area2d(o: SectionOutline, c: number): number {
  const s = o.chainStart[c]!;
  const n = o.chainLength[c]!;
  let a = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    a += o.plane[(s + i) * 2]! * o.plane[(s + j) * 2 + 1]!;
    a -= o.plane[(s + j) * 2]! * o.plane[(s + i) * 2 + 1]!;
  }
  return a / 2;
}

function points(o: SectionOutline, c: number): Vector3[] {
  const s = o.chainStart[c]!;
  return Array.from({ length: o.chainLength[c]! }, (_, i) =>
    new Vector3().fromArray(o.world, (s + i) * 3),
  );
}

/** Total length of plane ∩ triangle over a triangle soup, one triangle at a time. */
function bruteForceLength(soup: Float32Array, origin: Vector3, normal: Vector3): number {
  const n = normal.clone().normalize();
  const c = n.dot(origin);
  let total = 0;
  const p = [new Vector3(), new Vector3(), new Vector3()];
  const d = [0, 0, 0];
  for (let t = 0; t < soup.length; t += 9) {
    for (let k = 0; k < 3; k++) {
      p[k]!.fromArray(soup, t + k * 3);
      d[k] = n.dot(p[k]!) - c;
    }
    const hits: Vector3[] = [];
    for (let k = 0; k < 3; k++) {
      const a = k;
      const b = (k + 1) % 3;
      if (d[a]! >= 0 !== d[b]! >= 0) {
        const s = d[a]! / (d[a]! - d[b]!);
        hits.push(p[a]!.clone().lerp(p[b]!, s));
      }
    }
    if (hits.length === 2) total += hits[0]!.distanceTo(hits[1]!);
  }
  return total;
}

describe('section outline of the unit cube', () => {
  it('a plane through the middle gives one closed square loop of length 4 and area 1', () => {
    const o = cut(unitCube(), v(0.5, 0.5, 0.5), v(0, 0, 1));
    expect(o.chainCount).toBe(1);
    expect(o.chainClosed[0]).toBe(1);
    expect(outlineLength(o)).toBeCloseTo(4, 6);
    expect(Math.abs(area2d(o, 0))).toBeCloseTo(1, 6);
    for (const p of points(o, 0)) expect(p.z).toBeCloseTo(0.5, 7);
  });

  it('a plane through three corners gives the closed triangle of side √2', () => {
    const o = cut(unitCube(), v(1, 0, 0), v(1, 1, 1));
    expect(o.chainCount).toBe(1);
    expect(o.chainClosed[0]).toBe(1);
    expect(outlineLength(o)).toBeCloseTo(3 * Math.SQRT2, 6);
    expect(Math.abs(area2d(o, 0))).toBeCloseTo(Math.sqrt(3) / 2, 6);
  });

  it('a plane through two opposite edges gives the closed 1 × √2 rectangle', () => {
    const o = cut(unitCube(), v(0, 0, 0), v(1, -1, 0));
    expect(o.chainCount).toBe(1);
    expect(o.chainClosed[0]).toBe(1);
    expect(outlineLength(o)).toBeCloseTo(2 + 2 * Math.SQRT2, 6);
    expect(Math.abs(area2d(o, 0))).toBeCloseTo(Math.SQRT2, 6);
    // No zero-length steps: every point differs from the next.
    const pts = points(o, 0);
    for (let i = 0; i < pts.length; i++) {
      expect(pts[i]!.distanceTo(pts[(i + 1) % pts.length]!)).toBeGreaterThan(1e-9);
    }
  });

  it('a plane touching a single corner gives no outline', () => {
    const o = cut(unitCube(), v(1, 1, 1), v(1, 1, 1));
    expect(o.chainCount).toBe(0);
    expect(o.pointCount).toBe(0);
  });

  it('a plane containing a face gives that face’s square or nothing, never a broken chain', () => {
    // Vertices on the plane count as its positive side: the top face (+z side) is outlined,
    // the bottom face (whole cube on the positive side) is not.
    const top = cut(unitCube(), v(0, 0, 1), v(0, 0, 1));
    expect(top.chainCount).toBe(1);
    expect(top.chainClosed[0]).toBe(1);
    expect(outlineLength(top)).toBeCloseTo(4, 6);
    expect(cut(unitCube(), v(0, 0, 0), v(0, 0, 1)).chainCount).toBe(0);
  });

  it('a triangle soup and a mesh with duplicated vertices give the same loop as the welded cube', () => {
    for (const mesh of [unitCubeSoup(), unitCubeDuplicated()]) {
      for (const [origin, normal, length] of [
        [v(0.5, 0.5, 0.5), v(0, 0, 1), 4],
        [v(1, 0, 0), v(1, 1, 1), 3 * Math.SQRT2],
        [v(0, 0, 0), v(1, -1, 0), 2 + 2 * Math.SQRT2],
      ] as const) {
        const o = cut(mesh, origin, normal);
        expect(o.chainCount).toBe(1);
        expect(o.chainClosed[0]).toBe(1);
        expect(outlineLength(o)).toBeCloseTo(length, 6);
      }
    }
  });

  it('gives 2D coordinates that map back onto the world points', () => {
    const frame = planeFrame(v(0.3, 0.5, 0.5), v(1, 0.2, 0.3));
    const o = new SectionSlicer(unitCube()).slice(frame);
    expect(o.chainCount).toBe(1);
    const back = new Vector3();
    for (let i = 0; i < o.pointCount; i++) {
      const world = new Vector3().fromArray(o.world, i * 3);
      expect(Math.abs(world.clone().sub(frame.origin).dot(frame.normal))).toBeLessThan(1e-6);
      planeToWorld(frame, o.plane[i * 2]!, o.plane[i * 2 + 1]!, back);
      expect(back.distanceTo(world)).toBeLessThan(1e-6);
    }
  });

  it('follows the model’s world matrix', () => {
    const matrix = new Matrix4()
      .makeRotationZ(Math.PI / 6)
      .premultiply(new Matrix4().makeTranslation(10, -5, 2));
    // The cube's middle after the move: z = 2.5; the loop keeps its length 4.
    const o = new SectionSlicer(unitCube()).slice(planeFrame(v(0, 0, 2.5), v(0, 0, 1)), {
      matrixWorld: matrix,
    });
    expect(o.chainCount).toBe(1);
    expect(outlineLength(o)).toBeCloseTo(4, 5);
    const first = points(o, 0)[0]!;
    const local = first.clone().applyMatrix4(matrix.clone().invert());
    expect(local.z).toBeCloseTo(0.5, 5);
  });
});

describe('section outline of an open sheet', () => {
  it('is one open chain from border to border', () => {
    const o = cut(flatSheet(10), v(0.35, 0, 0), v(1, 0, 0));
    expect(o.chainCount).toBe(1);
    expect(o.chainClosed[0]).toBe(0);
    expect(outlineLength(o)).toBeCloseTo(1, 6);
    const pts = points(o, 0);
    const ends = [pts[0]!.y, pts[pts.length - 1]!.y].sort();
    expect(ends[0]).toBeCloseTo(0, 7);
    expect(ends[1]).toBeCloseTo(1, 7);
  });

  it('stays one open chain when the plane runs exactly through a row of vertices', () => {
    // The float32 x of the column of vertices: the plane holds them exactly.
    const o = cut(flatSheet(10), v(Math.fround(0.4), 0, 0), v(1, 0, 0));
    expect(o.chainCount).toBe(1);
    expect(o.chainClosed[0]).toBe(0);
    expect(outlineLength(o)).toBeCloseTo(1, 6);
    expect(o.chainLength[0]).toBe(11);
  });

  it('gives nothing when the plane misses the sheet', () => {
    expect(cut(flatSheet(4), v(2, 0, 0), v(1, 0, 0)).chainCount).toBe(0);
  });
});

describe('section outline of the molar crown fixture (FDI 16)', () => {
  const soup = readBinaryStl(fixtureStl('molar-crown-fdi16.stl'));
  let derivative: Awaited<ReturnType<typeof viewerModelFromDerivative>>;
  const center = new Vector3();
  const size = new Vector3();
  beforeAll(async () => {
    derivative = await viewerModelFromDerivative({ positions: soup });
    derivative.view.bounds.getCenter(center);
    derivative.view.bounds.getSize(size);
  });

  const planes = () => [
    { origin: center.clone(), normal: v(0, 0, 1) },
    { origin: center.clone().addScaledVector(v(0, 0, 1), size.z * 0.3), normal: v(0, 0, 1) },
    { origin: center.clone(), normal: v(1, 0, 0) },
    { origin: center.clone().addScaledVector(v(0, 1, 0), size.y * 0.2), normal: v(0, 1, 0) },
    { origin: center.clone(), normal: v(0.3, -0.5, 0.8) },
  ];

  it('cuts into closed loops whose length matches a triangle-by-triangle reference', () => {
    const slicer = new SectionSlicer(derivative.mesh, indexed(derivative).index);
    for (const { origin, normal } of planes()) {
      const o = slicer.slice(planeFrame(origin, normal));
      expect(o.chainCount).toBeGreaterThan(0);
      for (let c = 0; c < o.chainCount; c++) expect(o.chainClosed[c]).toBe(1);
      const reference = bruteForceLength(soup, origin, normal);
      expect(reference).toBeGreaterThan(5);
      // The derivative's 16-bit grid moves vertices by < 0.1 µm on this crown.
      expect(Math.abs(outlineLength(o) - reference)).toBeLessThan(reference * 1e-4);
      for (let i = 0; i < o.pointCount; i++) {
        const p = new Vector3().fromArray(o.world, i * 3);
        expect(Math.abs(p.sub(origin).dot(normal.clone().normalize()))).toBeLessThan(1e-4);
      }
    }
  });

  it('visits only triangles near the plane and agrees with a full scan', () => {
    const index = indexed(derivative).index;
    const fast = new SectionSlicer(derivative.mesh, index);
    const full = new SectionSlicer(derivative.mesh, index);
    for (const { origin, normal } of planes()) {
      const frame = planeFrame(origin, normal);
      const a = fast.slice(frame);
      const fastSummary = summary(a);
      const tested = a.trianglesTested;
      const b = full.slice(frame, { fullScan: true });
      expect(b.trianglesTested).toBe(derivative.mesh.triangleCount);
      expect(tested).toBeLessThan(derivative.mesh.triangleCount / 3);
      expect(fastSummary).toEqual(summary(b));
    }
  });

  it('the raw STL (a triangle soup) cuts into the same closed loops', async () => {
    const raw = await viewerModelFromStl(soup);
    expect(raw.mesh.indices).toBeUndefined();
    const slicer = new SectionSlicer(raw.mesh, indexed(raw).index);
    for (const { origin, normal } of planes()) {
      const o = slicer.slice(planeFrame(origin, normal));
      for (let c = 0; c < o.chainCount; c++) expect(o.chainClosed[c]).toBe(1);
      const reference = bruteForceLength(soup, origin, normal);
      expect(Math.abs(outlineLength(o) - reference)).toBeLessThan(reference * 1e-6);
    }
  });

  it('reuses its buffers over a drag: the outline object stays the same', () => {
    const slicer = new SectionSlicer(derivative.mesh, indexed(derivative).index);
    const first = slicer.slice(planeFrame(center, v(0, 0, 1)));
    const world = first.world;
    for (let i = 0; i < 20; i++) {
      const o = slicer.slice(
        planeFrame(center.clone().add(v(0, 0, (i - 10) * 0.05)), v(0.02 * i, 0, 1)),
      );
      expect(o).toBe(first);
    }
    const again = slicer.slice(planeFrame(center, v(0, 0, 1)));
    expect(again.world).toBe(world);
  });
});
