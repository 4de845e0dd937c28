/**
 * Putting the camera and its orbit controls at a pose. OrbitControls keeps the camera's `up` as
 * its orbit axis, captured when it is made: a view with another up (the occlusal view looks along
 * the teeth's axis) must update that axis too, or orbiting afterwards would tilt. No React.
 */
import { Vector3, type PerspectiveCamera, type Quaternion } from 'three';
import type { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

export interface PoseLike {
  position: readonly [number, number, number];
  target: readonly [number, number, number];
  up: readonly [number, number, number];
  near?: number;
  far?: number;
}

const Y = new Vector3(0, 1, 0);

/** The orbit axis of `controls` becomes the camera's current up. */
export function syncOrbitUp(camera: PerspectiveCamera, controls: OrbitControls): void {
  const c = controls as unknown as { _quat?: Quaternion; _quatInverse?: Quaternion };
  if (c._quat && c._quatInverse) {
    c._quat.setFromUnitVectors(camera.up, Y);
    c._quatInverse.copy(c._quat).invert();
  }
}

/** Sets the camera (and the controls' target and orbit axis) to `pose` at once. */
export function applyPose(
  camera: PerspectiveCamera,
  controls: OrbitControls | null,
  pose: PoseLike,
): void {
  camera.position.set(...pose.position);
  camera.up.set(...pose.up).normalize();
  camera.lookAt(pose.target[0], pose.target[1], pose.target[2]);
  const distance = camera.position.distanceTo(new Vector3(...pose.target));
  // Generous planes: the doctor zooms and orbits from here; depth precision stays ample.
  camera.near = Math.max(distance / 100, 1e-3);
  camera.far = Math.max(distance * 20, (pose.far ?? 0) * 2);
  camera.updateProjectionMatrix();
  if (controls) {
    controls.target.set(...pose.target);
    syncOrbitUp(camera, controls);
    controls.update();
  }
}
