import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  angleAt,
  distance,
  formatDegrees,
  formatMm,
  polylineLengths,
} from '../../../../../web/src/viewer/geometry/measure';
import { Picker } from '../../../../../web/src/viewer/geometry/picking';
import { fixtureStl, readBinaryStl } from '../../../../support/meshFiles';
import { indexed, viewerModelFromDerivative } from '../../../../support/viewerMeshes';

const p = (x: number, y: number, z: number) => ({ x, y, z });

describe('measurement numbers', () => {
  it('measures a point-to-point distance', () => {
    expect(distance(p(0, 0, 0), p(3, 4, 12))).toBe(13);
    expect(distance(p(1, 1, 1), p(1, 1, 1))).toBe(0);
    expect(distance(p(-1, 2, 0.5), p(2, -2, 0.5))).toBe(5);
  });

  it('keeps a running total along a polyline', () => {
    const m = polylineLengths([p(0, 0, 0), p(3, 4, 0), p(3, 4, 12), p(0, 0, 12)]);
    expect(m.segments).toEqual([5, 12, 5]);
    expect(m.running).toEqual([0, 5, 17, 22]);
    expect(m.total).toBe(22);
    expect(polylineLengths([])).toEqual({ segments: [], running: [], total: 0 });
    expect(polylineLengths([p(1, 2, 3)])).toEqual({ segments: [], running: [0], total: 0 });
  });

  it('measures the angle of three points at the middle one', () => {
    expect(angleAt(p(1, 0, 0), p(0, 0, 0), p(0, 1, 0))).toBeCloseTo(90, 10);
    expect(angleAt(p(1, 0, 0), p(0, 0, 0), p(1, 1, 0))).toBeCloseTo(45, 10);
    expect(angleAt(p(2, 0, 0), p(1, 0, 0), p(0, 0, 0))).toBeCloseTo(180, 10);
    expect(angleAt(p(5, 5, 5), p(0, 0, 0), p(1, 1, 1))).toBeCloseTo(0, 6);
    expect(angleAt(p(1, 0, 0), p(0, 0, 0), p(-0.5, Math.sqrt(3) / 2, 0))).toBeCloseTo(120, 10);
    // A tiny angle keeps its precision: 0.001° between arms 10 mm long.
    const tiny = (0.001 * Math.PI) / 180;
    expect(
      angleAt(p(10, 0, 0), p(0, 0, 0), p(10 * Math.cos(tiny), 10 * Math.sin(tiny), 0)),
    ).toBeCloseTo(0.001, 9);
    expect(angleAt(p(0, 0, 0), p(0, 0, 0), p(1, 0, 0))).toBeNull();
  });

  it('labels lengths in millimetres with two decimals and angles in degrees with one', () => {
    expect(formatMm(13)).toBe('13.00 mm');
    expect(formatMm(0.004)).toBe('0.00 mm');
    expect(formatMm(0.005)).toBe('0.01 mm');
    expect(formatMm(1.005)).toBe('1.01 mm');
    expect(formatMm(2.675)).toBe('2.68 mm');
    expect(formatMm(12.344999)).toBe('12.34 mm');
    expect(formatMm(1e-7)).toBe('0.00 mm');
    expect(formatMm(-0.001)).toBe('0.00 mm');
    expect(formatMm(-1.5)).toBe('-1.50 mm');
    expect(formatMm(Number.NaN)).toBe('– mm');
    expect(formatDegrees(90)).toBe('90.0°');
    expect(formatDegrees(87.45)).toBe('87.5°');
    expect(formatDegrees(0.04)).toBe('0.0°');
    expect(formatDegrees(null)).toBe('–°');
  });
});

describe('measuring on the molar crown fixture', () => {
  it('agrees with the mesh’s own coordinates to 0.01 mm between two picked vertices', async () => {
    const soup = readBinaryStl(fixtureStl('molar-crown-fdi16.stl'));
    const crown = indexed(await viewerModelFromDerivative({ positions: soup }));
    const picker = new Picker();
    picker.add({ id: 'crown', mesh: crown.mesh, index: crown.index });
    const center = crown.view.bounds.getCenter(new Vector3());
    // Two vertices of the file at the ends of the crown along x: on its silhouette seen along x.
    const ends = [new Vector3(Infinity, 0, 0), new Vector3(-Infinity, 0, 0)];
    for (let i = 0; i < soup.length; i += 3) {
      if (soup[i]! < ends[0]!.x) ends[0]!.fromArray(soup, i);
      if (soup[i]! > ends[1]!.x) ends[1]!.fromArray(soup, i);
    }
    const picked = ends.map((vertex) => {
      // Look at the vertex from outside, along the axis, and click where it is drawn.
      const camera = new PerspectiveCamera(35, 1, 0.1, 1000);
      camera.position.set(center.x + (vertex.x - center.x) * 4, vertex.y, vertex.z);
      camera.lookAt(vertex);
      camera.updateMatrixWorld();
      const at = vertex.clone().project(camera);
      const hit = picker.pickAt(at.x + 0.002, at.y + 0.001, camera);
      expect(hit).not.toBeNull();
      expect(picker.snapToVertex(hit!, camera, 800, 800, 6)).toBe(true);
      // The same vertex: the derivative's 16-bit grid (a 0.2 µm step on this crown) moves it by
      // a fraction of a micrometre.
      expect(hit!.modelPoint.distanceTo(vertex)).toBeLessThan(1e-3);
      return hit!.point.clone();
    });
    const measured = distance(picked[0]!, picked[1]!);
    const truth = ends[0]!.distanceTo(ends[1]!);
    expect(truth).toBeGreaterThan(5);
    expect(Math.abs(measured - truth)).toBeLessThan(0.01);
    expect(formatMm(measured)).toBe(formatMm(truth));
  });
});
