import { Box3, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { projectedRect } from '../../../../../web/src/viewer/scene/screenRect';

function cameraAt(z: number, aspect: number): PerspectiveCamera {
  const camera = new PerspectiveCamera(35, aspect, 0.1, 1000);
  camera.position.set(0, 0, z);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  camera.updateProjectionMatrix();
  return camera;
}

describe('where the framed models land on the canvas', () => {
  it('centres a box the camera looks straight at', () => {
    const box = new Box3(new Vector3(-10, -5, -1), new Vector3(10, 5, 1));
    const r = projectedRect(box, cameraAt(100, 2), 800, 400);
    expect((r.left + r.right) / 2).toBeCloseTo(400, 6);
    expect((r.top + r.bottom) / 2).toBeCloseTo(200, 6);
    expect(r.right - r.left).toBeGreaterThan(r.bottom - r.top);
  });

  it('grows as the camera comes closer and stays inside a canvas that frames it', () => {
    const box = new Box3(new Vector3(-10, -10, -10), new Vector3(10, 10, 10));
    const far = projectedRect(box, cameraAt(200, 1), 500, 500);
    const near = projectedRect(box, cameraAt(80, 1), 500, 500);
    expect(near.right - near.left).toBeGreaterThan(far.right - far.left);
    expect(far.left).toBeGreaterThan(0);
    expect(far.bottom).toBeLessThan(500);
  });
});
