/**
 * Section planes from the model frame (clinical-review.md: a crown is judged in its
 * bucco-lingual and mesio-distal cuts) and from the current view, and the plane frame the 2D
 * panel draws in (occlusal side up). The plane keeps the half its normal points to; the camera
 * looks from the removed half, along the normal. No React.
 */
import { Vector3 } from 'three';
import { planeFrame, type PlaneFrame } from '../geometry/planeFrame';
import type { ModelFrame } from '../scene/viewFrame';
import type { Vec3 } from './measureModel';

export type SectionPreset = 'buccoLingual' | 'mesioDistal' | 'horizontal';

export const PRESET_NAMES: Record<SectionPreset, string> = {
  buccoLingual: 'Bucco-lingual',
  mesioDistal: 'Mesio-distal',
  horizontal: 'Horizontal',
};

export interface Plane {
  origin: Vec3;
  normal: Vec3;
}

/** A preset plane through the middle of the visible models. */
export function presetPlane(frame: ModelFrame, preset: SectionPreset): Plane {
  const n =
    preset === 'buccoLingual'
      ? frame.left
      : preset === 'mesioDistal'
        ? ([-frame.front[0], -frame.front[1], -frame.front[2]] as Vec3)
        : ([-frame.occlusal[0], -frame.occlusal[1], -frame.occlusal[2]] as Vec3);
  return { origin: [...frame.center], normal: [...n] };
}

/** The plane through the orbit target, facing away from the camera (the near half is cut). */
export function planeFromView(position: Vec3, target: Vec3): Plane | null {
  const n = new Vector3(target[0] - position[0], target[1] - position[1], target[2] - position[2]);
  if (n.lengthSq() < 1e-18) return null;
  n.normalize();
  return { origin: [...target], normal: [n.x, n.y, n.z] };
}

/**
 * The frame the section is drawn in: `v` (up in the 2D panel) as close to the occlusal direction
 * as the plane allows, else to the front; the same plane always gives the same frame, so the
 * drawing stays steady while the plane is dragged.
 */
export function panelFrame(plane: Plane, model: ModelFrame | null, out?: PlaneFrame): PlaneFrame {
  const origin = new Vector3(...plane.origin);
  const normal = new Vector3(...plane.normal);
  const up = new Vector3(...(model?.occlusal ?? [0, 0, 1]));
  const alt = new Vector3(...(model?.front ?? [0, 1, 0]));
  // u = v × n for a right-handed frame (v = n × u).
  const want = Math.abs(up.dot(normal.clone().normalize())) < 0.95 ? up : alt;
  const hint = new Vector3().crossVectors(want, normal);
  return planeFrame(origin, normal, hint.lengthSq() > 1e-12 ? hint : undefined, out);
}
