/**
 * The camera's move to a comment's saved pose: position, target and up eased together over a
 * fixed time. Pure (three's vectors only), so the easing can be tested without a canvas.
 */
import { Vector3 } from 'three';
import type { CommentAnchor as AnchorDto } from '../../api/contract';

export const FLIGHT_MS = 600;

export interface Pose {
  position: Vector3;
  target: Vector3;
  up: Vector3;
}

export const poseOf = (c: AnchorDto['camera']): Pose => ({
  position: new Vector3(...c.position),
  target: new Vector3(...c.target),
  up: new Vector3(...c.up).normalize(),
});

/** Smoothstep on [0, 1]. */
export const ease = (t: number): number => {
  const x = Math.min(1, Math.max(0, t));
  return x * x * (3 - 2 * x);
};

/** The pose at fraction `t` of the way from `from` to `to`, written into `out`. */
export function poseAt(from: Pose, to: Pose, t: number, out: Pose): Pose {
  const k = ease(t);
  out.position.lerpVectors(from.position, to.position, k);
  out.target.lerpVectors(from.target, to.target, k);
  out.up.lerpVectors(from.up, to.up, k);
  if (out.up.lengthSq() < 1e-12) out.up.copy(to.up);
  out.up.normalize();
  return out;
}
