import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  planeFrame,
  planeToWorld,
  worldToPlane,
} from '../../../../../web/src/viewer/geometry/planeFrame';

const v = (x: number, y: number, z: number) => new Vector3(x, y, z);

describe('section plane frame', () => {
  it('has a unit normal and two unit in-plane axes, right-handed', () => {
    for (const normal of [v(0, 0, 1), v(1, 2, 3), v(-4, 0.5, 0), v(0, -1, 0)]) {
      const f = planeFrame(v(1, 2, 3), normal);
      expect(f.normal.length()).toBeCloseTo(1, 12);
      expect(f.u.length()).toBeCloseTo(1, 12);
      expect(f.v.length()).toBeCloseTo(1, 12);
      expect(f.u.dot(f.normal)).toBeCloseTo(0, 12);
      expect(f.v.dot(f.normal)).toBeCloseTo(0, 12);
      expect(f.u.clone().cross(f.v).distanceTo(f.normal)).toBeLessThan(1e-12);
    }
  });

  it('points u along the hint projected into the plane, or a world axis when the hint is the normal', () => {
    const f = planeFrame(v(0, 0, 0), v(0, 0, 2), v(3, 0, 5));
    expect(f.u.distanceTo(v(1, 0, 0))).toBeLessThan(1e-12);
    expect(f.v.distanceTo(v(0, 1, 0))).toBeLessThan(1e-12);
    const g = planeFrame(v(0, 0, 0), v(0, 0, 1), v(0, 0, 7));
    expect(g.u.distanceTo(v(1, 0, 0))).toBeLessThan(1e-12);
  });

  it('maps plane coordinates to world points and back', () => {
    const f = planeFrame(v(5, -2, 1), v(1, 1, 0.5), v(0, 0, 1));
    const p = planeToWorld(f, 3.25, -1.5);
    expect(p.clone().sub(f.origin).dot(f.normal)).toBeCloseTo(0, 12);
    const [u, w] = worldToPlane(f, p);
    expect(u).toBeCloseTo(3.25, 12);
    expect(w).toBeCloseTo(-1.5, 12);
  });

  it('refuses a zero normal', () => {
    expect(() => planeFrame(v(0, 0, 0), v(0, 0, 0))).toThrow(
      'a section plane needs a non-zero normal',
    );
  });
});
