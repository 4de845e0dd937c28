import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { makeTween, stepTween } from '../../../../../web/src/viewer/tools/cameraTween';

describe('camera flight between views', () => {
  const from = {
    position: new Vector3(0, 0, 100),
    target: new Vector3(0, 0, 0),
    up: new Vector3(0, 1, 0),
  };
  const pose = {
    position: [10, 60, 0] as [number, number, number],
    target: [10, 0, 0] as [number, number, number],
    up: [0, 0, -1] as [number, number, number],
  };

  it('starts where the camera is and lands exactly on the pose', () => {
    const tw = makeTween(from, pose, 1000, 400);
    const cam = new PerspectiveCamera();
    const target = new Vector3();
    expect(stepTween(tw, 1000, cam, target)).toBe(false);
    expect(cam.position.distanceTo(from.position)).toBeLessThan(1e-9);
    expect(stepTween(tw, 1400, cam, target)).toBe(true);
    expect(cam.position.toArray()).toEqual([10, 60, 0]);
    expect(target.toArray()).toEqual([10, 0, 0]);
    expect(cam.up.toArray()).toEqual([0, 0, -1]);
  });

  it('keeps looking at the moving target half-way, at a distance between the two', () => {
    const tw = makeTween(from, pose, 0, 400);
    const cam = new PerspectiveCamera();
    const target = new Vector3();
    stepTween(tw, 200, cam, target);
    expect(target.x).toBeCloseTo(5, 9);
    const d = cam.position.distanceTo(target);
    expect(d).toBeCloseTo(80, 9);
    // The camera's forward axis (−Z in its frame) points at the target.
    const forward = new Vector3(0, 0, -1).applyQuaternion(cam.quaternion);
    const toTarget = target.clone().sub(cam.position).normalize();
    expect(forward.dot(toTarget)).toBeCloseTo(1, 9);
  });
});
