import {
  type BufferAttribute,
  type InterleavedBufferAttribute,
  Matrix4,
  PerspectiveCamera,
  Ray,
  Vector3,
} from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPickHit, Picker } from '../../../../../web/src/viewer/geometry/picking';
import type { MeshIndex } from '../../../../../web/src/viewer/geometry/meshIndex';
import { fixtureStl, readBinaryStl } from '../../../../support/meshFiles';
import {
  indexed,
  viewerModelFromDerivative,
  viewerModelFromStl,
  type ViewerModel,
} from '../../../../support/viewerMeshes';

type Model = ViewerModel & { index: MeshIndex };

/** Deterministic random numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A random ray from outside the model's bounds towards a random point inside them. */
function randomRay(m: Model, rnd: () => number): Ray {
  const center = m.view.bounds.getCenter(new Vector3());
  const radius = m.view.bounds.getSize(new Vector3()).length();
  const dir = new Vector3(rnd() - 0.5, rnd() - 0.5, rnd() - 0.5).normalize();
  const origin = center.clone().addScaledVector(dir, radius * 2);
  const { min, max } = m.view.bounds;
  const target = new Vector3(
    min.x + rnd() * (max.x - min.x),
    min.y + rnd() * (max.y - min.y),
    min.z + rnd() * (max.z - min.z),
  );
  return new Ray(origin, target.sub(origin).normalize());
}

/**
 * The nearest triangle hit by testing every triangle (both sides), in geometry-local
 * coordinates, then the point in world coordinates through `matrix`.
 */
function bruteForce(m: Model, worldRay: Ray, matrix: Matrix4) {
  const local = worldRay.clone().applyMatrix4(matrix.clone().invert());
  const pos = m.view.geometry.getAttribute('position') as
    BufferAttribute | InterleavedBufferAttribute;
  const index = m.view.geometry.getIndex();
  const a = new Vector3();
  const b = new Vector3();
  const c = new Vector3();
  const p = new Vector3();
  let best = -1;
  let bestD = Infinity;
  const point = new Vector3();
  for (let t = 0; t < m.mesh.triangleCount; t++) {
    const ia = index ? index.getX(t * 3) : t * 3;
    const ib = index ? index.getX(t * 3 + 1) : t * 3 + 1;
    const ic = index ? index.getX(t * 3 + 2) : t * 3 + 2;
    a.fromBufferAttribute(pos, ia);
    b.fromBufferAttribute(pos, ib);
    c.fromBufferAttribute(pos, ic);
    if (!local.intersectTriangle(a, b, c, false, p)) continue;
    const d = p.distanceTo(local.origin);
    if (d < bestD) {
      bestD = d;
      best = t;
      point.copy(p);
    }
  }
  return best < 0 ? null : { face: best, point: point.applyMatrix4(matrix) };
}

/** Where the world ray meets the triangle (a, b, c) of the model, in world coordinates. */
function faceHit(m: Model, worldRay: Ray, matrix: Matrix4, a: number, b: number, c: number) {
  const local = worldRay.clone().applyMatrix4(matrix.clone().invert());
  const pos = m.view.geometry.getAttribute('position') as
    BufferAttribute | InterleavedBufferAttribute;
  const [pa, pb, pc] = [a, b, c].map((v) => new Vector3().fromBufferAttribute(pos, v));
  const p = local.intersectTriangle(pa!, pb!, pc!, false, new Vector3());
  return p && p.applyMatrix4(matrix);
}

describe('picking through the BVH', () => {
  let crown: Model;
  let rawCrown: Model;
  let diagonal: number;
  beforeAll(async () => {
    const soup = readBinaryStl(fixtureStl('molar-crown-fdi16.stl'));
    crown = indexed(await viewerModelFromDerivative({ positions: soup }));
    rawCrown = indexed(await viewerModelFromStl(soup));
    diagonal = crown.view.bounds.getSize(new Vector3()).length();
  });

  const pickerOf = (m: Model, matrixWorld?: Matrix4) => {
    const picker = new Picker();
    picker.add({ id: 'crown', mesh: m.mesh, index: m.index, matrixWorld });
    return picker;
  };

  it('hits the same face at the same point as a test of every triangle, on random rays', () => {
    for (const m of [crown, rawCrown]) {
      const picker = pickerOf(m);
      const matrix = picker.matrixOf('crown')!;
      const rnd = random(7);
      const hit = createPickHit();
      let hits = 0;
      let misses = 0;
      let ties = 0;
      for (let i = 0; i < 150; i++) {
        const ray = randomRay(m, rnd);
        const expected = bruteForce(m, ray, matrix);
        const got = picker.pick(ray, hit);
        if (!expected) {
          expect(got).toBeNull();
          misses++;
          continue;
        }
        expect(got).not.toBeNull();
        hits++;
        expect(hit.modelId).toBe('crown');
        expect(hit.point.distanceTo(expected.point)).toBeLessThanOrEqual(1e-6 * diagonal);
        if (hit.faceIndex !== expected.face) {
          // Only a ray through an edge or corner shared by two faces may answer the other face:
          // the ray must meet that face at the same point.
          ties++;
          const onFace = faceHit(m, ray, matrix, hit.a, hit.b, hit.c);
          expect(onFace!.distanceTo(expected.point)).toBeLessThanOrEqual(1e-6 * diagonal);
        }
        // The file's own coordinates: offset + scale × local.
        expect(hit.modelPoint.distanceTo(hit.point)).toBeLessThanOrEqual(1e-9 * diagonal);
      }
      expect(hits).toBeGreaterThan(50);
      expect(ties).toBeLessThanOrEqual(2);
      expect(misses).toBeGreaterThan(5);
    }
  });

  it('returns unit normals: the face normal across the face, the interpolated one close to it', () => {
    const picker = pickerOf(crown);
    const rnd = random(11);
    const hit = createPickHit();
    const pos = crown.view.geometry.getAttribute('position') as InterleavedBufferAttribute;
    for (let i = 0; i < 60; i++) {
      if (!picker.pick(randomRay(crown, rnd), hit)) continue;
      expect(hit.faceNormal.length()).toBeCloseTo(1, 6);
      expect(hit.normal.length()).toBeCloseTo(1, 6);
      const a = new Vector3().fromBufferAttribute(pos, hit.a);
      const b = new Vector3().fromBufferAttribute(pos, hit.b);
      const c = new Vector3().fromBufferAttribute(pos, hit.c);
      expect(Math.abs(hit.faceNormal.dot(b.clone().sub(a).normalize()))).toBeLessThan(1e-4);
      expect(Math.abs(hit.faceNormal.dot(c.clone().sub(a).normalize()))).toBeLessThan(1e-4);
      expect(hit.normal.dot(hit.faceNormal)).toBeGreaterThan(0);
      // The crown is a closed surface facing outwards and every ray starts outside it.
      expect(hit.frontFace).toBe(true);
      const bary = hit.barycoord;
      expect(bary.x + bary.y + bary.z).toBeCloseTo(1, 9);
      const back = a
        .multiplyScalar(bary.x)
        .addScaledVector(b, bary.y)
        .addScaledVector(c, bary.z)
        .multiplyScalar(crown.view.scale)
        .add(crown.view.offset);
      expect(back.distanceTo(hit.modelPoint)).toBeLessThan(1e-6 * diagonal);
    }
  });

  it('answers model coordinates that do not depend on where the scene puts the model', () => {
    const plain = pickerOf(crown);
    const move = new Matrix4()
      .makeRotationAxis(new Vector3(1, 2, 3).normalize(), 0.7)
      .setPosition(30, -12, 5);
    const moved = pickerOf(crown, move.clone().multiply(plain.matrixOf('crown')!));
    const rnd = random(3);
    const a = createPickHit();
    const b = createPickHit();
    let compared = 0;
    for (let i = 0; i < 40; i++) {
      const ray = randomRay(crown, rnd);
      if (!plain.pick(ray, a)) continue;
      expect(moved.pick(ray.clone().applyMatrix4(move), b)).not.toBeNull();
      expect(b.faceIndex).toBe(a.faceIndex);
      expect(b.modelPoint.distanceTo(a.modelPoint)).toBeLessThan(1e-5);
      expect(b.modelNormal.distanceTo(a.modelNormal)).toBeLessThan(1e-6);
      expect(b.point.distanceTo(a.point.clone().applyMatrix4(move))).toBeLessThan(1e-5);
      expect(b.normal.distanceTo(a.normal.clone().transformDirection(move))).toBeLessThan(1e-6);
      // And back: the stored model point is drawn where the hit was.
      expect(moved.modelToWorld('crown', b.modelPoint)!.distanceTo(b.point)).toBeLessThan(1e-5);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('never hits a hidden model: the first visible one along the ray answers', () => {
    const picker = new Picker();
    const base = pickerOf(crown).matrixOf('crown')!;
    const center = crown.view.bounds.getCenter(new Vector3());
    const size = crown.view.bounds.getSize(new Vector3());
    picker.add({ id: 'back', mesh: crown.mesh, index: crown.index });
    picker.add({
      id: 'front',
      mesh: crown.mesh,
      index: crown.index,
      matrixWorld: new Matrix4().makeTranslation(0, 0, size.z * 2).multiply(base),
    });
    const ray = new Ray(center.clone().setZ(center.z + size.z * 10), new Vector3(0, 0, -1));
    expect(picker.pick(ray)?.modelId).toBe('front');
    picker.setVisible('front', false);
    expect(picker.pick(ray)?.modelId).toBe('back');
    picker.setVisible('back', false);
    expect(picker.pick(ray)).toBeNull();
    picker.setVisible('front', true);
    expect(picker.pick(ray)?.modelId).toBe('front');
    picker.remove('front');
    expect(picker.pick(ray)).toBeNull();
  });

  it('picks under a pointer through a camera and snaps to a face corner within the tolerance', () => {
    const picker = pickerOf(crown);
    const center = crown.view.bounds.getCenter(new Vector3());
    const size = crown.view.bounds.getSize(new Vector3());
    const camera = new PerspectiveCamera(35, 1, 0.1, 1000);
    camera.position.copy(center).add(new Vector3(0, 0, size.length() * 2));
    camera.lookAt(center);
    camera.updateMatrixWorld();
    const W = 800;
    const H = 800;
    const first = picker.pickAt(0, 0, camera)!;
    expect(first).not.toBeNull();
    const corner = first.point.clone();
    // A face corner a few pixels away from the pointer.
    const pos = crown.view.geometry.getAttribute('position') as InterleavedBufferAttribute;
    corner.fromBufferAttribute(pos, first.a).applyMatrix4(picker.matrixOf('crown')!);
    const screen = corner.clone().project(camera);
    const ndcX = screen.x + (2 / W) * 2;
    const ndcY = screen.y + (1 / H) * 2;
    const hit = picker.pickAt(ndcX, ndcY, camera)!;
    expect(hit).not.toBeNull();
    const unsnapped = hit.point.clone();
    expect(picker.snapToVertex(hit, camera, W, H, 1)).toBe(false);
    expect(hit.point.equals(unsnapped)).toBe(true);
    expect(hit.vertex).toBe(-1);
    expect(picker.snapToVertex(hit, camera, W, H, 8)).toBe(true);
    expect(hit.point.distanceTo(corner)).toBeLessThan(1e-6 * diagonal);
    expect(hit.vertex).toBeGreaterThanOrEqual(0);
    expect(hit.modelPoint.distanceTo(corner)).toBeLessThan(1e-6 * diagonal);
  });
});
