/**
 * Smooth camera flights between views: the orientation turns along the shortest rotation
 * (quaternion slerp), the target and the distance ease from one to the other, so the model
 * stays in sight all the way. No React; the scene calls `stepTween` once a frame.
 */
import { Matrix4, Quaternion, Vector3 } from 'three';
import type { PoseLike } from '../scene/cameraPose';

export const TWEEN_MS = 450;

export interface CameraTween {
  fromQ: Quaternion;
  toQ: Quaternion;
  fromTarget: Vector3;
  toTarget: Vector3;
  fromDistance: number;
  toDistance: number;
  start: number;
  duration: number;
  pose: PoseLike;
}

const _m = new Matrix4();
const _v = new Vector3();

/** Orientation of a camera at `position` looking at `target` with `up` (three's convention). */
export function orientationOf(
  position: Vector3,
  target: Vector3,
  up: Vector3,
  out = new Quaternion(),
): Quaternion {
  return out.setFromRotationMatrix(_m.lookAt(position, target, up));
}

export function makeTween(
  from: { position: Vector3; target: Vector3; up: Vector3 },
  pose: PoseLike,
  now: number,
  duration = TWEEN_MS,
): CameraTween {
  const toPosition = new Vector3(...pose.position);
  const toTarget = new Vector3(...pose.target);
  return {
    fromQ: orientationOf(from.position, from.target, from.up),
    toQ: orientationOf(toPosition, toTarget, new Vector3(...pose.up)),
    fromTarget: from.target.clone(),
    toTarget,
    fromDistance: from.position.distanceTo(from.target),
    toDistance: toPosition.distanceTo(toTarget),
    start: now,
    duration,
    pose,
  };
}

const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/**
 * The camera at time `now`: writes position, up and orientation, and the orbit target into
 * `target`. Returns true once the flight has arrived (the last step lands exactly on the pose).
 */
export function stepTween(
  tw: CameraTween,
  now: number,
  camera: { position: Vector3; up: Vector3; quaternion: Quaternion },
  target: Vector3,
): boolean {
  const t = tw.duration > 0 ? Math.min(1, Math.max(0, (now - tw.start) / tw.duration)) : 1;
  const k = ease(t);
  camera.quaternion.slerpQuaternions(tw.fromQ, tw.toQ, k);
  target.lerpVectors(tw.fromTarget, tw.toTarget, k);
  const d = tw.fromDistance + (tw.toDistance - tw.fromDistance) * k;
  camera.position.copy(_v.set(0, 0, d).applyQuaternion(camera.quaternion)).add(target);
  camera.up.set(0, 1, 0).applyQuaternion(camera.quaternion);
  if (t >= 1) {
    camera.position.set(...tw.pose.position);
    target.set(...tw.pose.target);
    camera.up.set(...tw.pose.up).normalize();
    return true;
  }
  return false;
}
