import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { MeshArrays } from '../../../../../web/src/viewer/geometry/meshArrays';
import {
  gapAlongLine,
  lineCrossings,
  nearestOnOutline,
} from '../../../../../web/src/viewer/geometry/outlineGap';
import { planeFrame, worldToPlane } from '../../../../../web/src/viewer/geometry/planeFrame';
import { SectionSlicer } from '../../../../../web/src/viewer/geometry/section';
import { CUBE_TRIANGLES, flatSheet, floatMesh, unitCube } from './meshes';

const v = (x: number, y: number, z: number) => new Vector3(x, y, z);

/** A mesh moved and scaled: p → offset + s × p. */
function placed(m: MeshArrays, s: number, offset: Vector3): MeshArrays {
  const p = Array.from(m.positions).map((x, i) => offset.getComponent(i % 3) + s * x);
  return floatMesh(p, m.indices && Array.from(m.indices));
}

/** The unit cube with a second, smaller cube inside it: a hollow wall 0.2 thick. */
function hollowCube(): MeshArrays {
  const outer = Array.from(unitCube().positions);
  const inner = outer.map((x) => 0.2 + 0.6 * x);
  const tris = CUBE_TRIANGLES.flat();
  return floatMesh([...outer, ...inner], [...tris, ...tris.map((i) => i + 8).reverse()]);
}

describe('thickness and gap between section outlines', () => {
  // A vertical plane through y = 0.5 (u along x, v along −z).
  const frame = planeFrame(v(0, 0.5, 0), v(0, 1, 0));
  const uv = (x: number, z: number) => worldToPlane(frame, v(x, 0.5, z));

  it('measures the gap between two models along the line and to the nearest point', () => {
    const lower = new SectionSlicer(flatSheet(4)).slice(frame);
    const upper = new SectionSlicer(placed(flatSheet(4), 1, v(0, 0, 0.7))).slice(frame);
    expect(lower.chainCount).toBe(1);
    expect(upper.chainCount).toBe(1);
    const straight = gapAlongLine({ outline: lower }, { outline: upper }, uv(0.5, -1), uv(0.5, 2))!;
    expect(straight.alongDistance).toBeCloseTo(0.7, 6);
    expect(straight.nearestDistance).toBeCloseTo(0.7, 6);
    expect(straight.from.u).toBeCloseTo(uv(0.5, 0)[0], 6);
    // A slanted line: 45° across the gap is √2 longer; the nearest point stays straight above.
    const slanted = gapAlongLine(
      { outline: lower },
      { outline: upper },
      uv(0.2, -0.1),
      uv(1, 0.7),
    )!;
    expect(slanted.alongDistance).toBeCloseTo(0.7 * Math.SQRT2, 6);
    expect(slanted.nearestDistance).toBeCloseTo(0.7, 6);
    expect(slanted.nearest!.u).toBeCloseTo(slanted.from.u, 6);
  });

  it('measures a wall on a single loop along the line, with no nearest point on itself', () => {
    const o = new SectionSlicer(unitCube()).slice(frame);
    expect(o.chainCount).toBe(1);
    const gap = gapAlongLine({ outline: o }, { outline: o }, uv(-0.5, 0.5), uv(1.5, 0.5))!;
    expect(gap.alongDistance).toBeCloseTo(1, 6);
    expect(gap.nearest).toBeNull();
    expect(gap.nearestDistance).toBeNull();
  });

  it('measures a hollow wall between the outer and the inner loop of one outline', () => {
    const o = new SectionSlicer(hollowCube()).slice(frame);
    expect(o.chainCount).toBe(2);
    const gap = gapAlongLine({ outline: o }, { outline: o }, uv(-0.5, 0.45), uv(0.5, 0.45))!;
    expect(gap.alongDistance).toBeCloseTo(0.2, 6);
    expect(gap.nearestDistance).toBeCloseTo(0.2, 6);
    expect(gap.along!.chain).not.toBe(gap.from.chain);
    // Restricted to one chain each, the answer is the same.
    const inner = gap.along!.chain;
    const byChain = gapAlongLine(
      { outline: o, chain: gap.from.chain },
      { outline: o, chain: inner },
      uv(-0.5, 0.45),
      uv(0.5, 0.45),
    )!;
    expect(byChain.alongDistance).toBeCloseTo(0.2, 6);
    expect(byChain.nearestDistance).toBeCloseTo(0.2, 6);
  });

  it('answers null when the line does not cross the first outline, and no along-point past the last', () => {
    const o = new SectionSlicer(unitCube()).slice(frame);
    expect(gapAlongLine({ outline: o }, { outline: o }, uv(2, 0), uv(3, 1))).toBeNull();
    const lower = new SectionSlicer(flatSheet(4)).slice(frame);
    const upper = new SectionSlicer(placed(flatSheet(4), 1, v(0, 0, 0.7))).slice(frame);
    const short = gapAlongLine({ outline: lower }, { outline: upper }, uv(0.5, -1), uv(0.5, 0.3))!;
    expect(short.along).toBeNull();
    expect(short.alongDistance).toBeNull();
    expect(short.nearestDistance).toBeCloseTo(0.7, 6);
  });

  it('counts a crossing through a point shared by two segments once', () => {
    const o = new SectionSlicer(flatSheet(4)).slice(frame);
    // The chain has points at x = 0, 0.25, …: cross exactly at x = 0.25.
    const crossings = lineCrossings({ outline: o }, uv(0.25, -1), uv(0.25, 1));
    expect(crossings).toHaveLength(1);
    expect(crossings[0]!.u).toBeCloseTo(uv(0.25, 0)[0], 6);
    const near = nearestOnOutline({ outline: o }, ...uv(0.6, 0.3));
    expect(near!.u).toBeCloseTo(uv(0.6, 0)[0], 6);
    expect(Math.hypot(near!.u - uv(0.6, 0.3)[0], near!.v - uv(0.6, 0.3)[1])).toBeCloseTo(0.3, 6);
  });
});
