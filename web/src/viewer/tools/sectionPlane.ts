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

/** Smallest step of the plane (mm): drags and nudges keep its offset on this grid. */
export const PLANE_STEP_MM = 0.1;

const dot3 = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

function unit(n: Vec3): Vec3 {
  const l = Math.hypot(n[0], n[1], n[2]) || 1;
  return [n[0] / l, n[1] / l, n[2] / l];
}

/** Signed distance (mm) of the plane from `center` along its normal: 0 through the middle. */
export function planeOffset(plane: Plane, center: Vec3): number {
  const n = unit(plane.normal);
  return dot3(
    [plane.origin[0] - center[0], plane.origin[1] - center[1], plane.origin[2] - center[2]],
    n,
  );
}

/** Where `center` meets the plane along its normal: where the plane's handle is drawn. */
export function handlePoint(plane: Plane, center: Vec3): Vec3 {
  const n = unit(plane.normal);
  const d = planeOffset(plane, center);
  return [center[0] + n[0] * d, center[1] + n[1] * d, center[2] + n[2] * d];
}

/**
 * The plane moved along its normal by `mm`, its offset from `center` rounded to PLANE_STEP_MM
 * (so 0.1 mm nudges add up exactly); the origin is the handle's point.
 */
export function movePlane(plane: Plane, center: Vec3, mm: number): Plane {
  const n = unit(plane.normal);
  const steps = Math.round((planeOffset(plane, center) + mm) / PLANE_STEP_MM);
  const d = steps * PLANE_STEP_MM;
  return { origin: [center[0] + n[0] * d, center[1] + n[1] * d, center[2] + n[2] * d], normal: n };
}

/**
 * The same cut seen from where the camera is: the normal turned away from the camera, so the
 * near half is removed and the cut face looks at the doctor without moving the view.
 */
export function facingAwayFrom(plane: Plane, cameraPosition: Vec3): Plane {
  const toCamera: Vec3 = [
    cameraPosition[0] - plane.origin[0],
    cameraPosition[1] - plane.origin[1],
    cameraPosition[2] - plane.origin[2],
  ];
  if (dot3(plane.normal, toCamera) <= 0) return plane;
  return { origin: plane.origin, normal: [-plane.normal[0], -plane.normal[1], -plane.normal[2]] };
}

/**
 * The cut the section tool opens on, for the camera where it is: of the preset planes, the one
 * that faces the view most squarely (an edge-on cut shows nothing), its near half removed.
 */
export function openingPlane(frame: ModelFrame, cameraPosition: Vec3, target: Vec3): Plane {
  const view: Vec3 = unit([
    target[0] - cameraPosition[0],
    target[1] - cameraPosition[1],
    target[2] - cameraPosition[2],
  ]);
  let best = presetPlane(frame, 'buccoLingual');
  for (const preset of ['mesioDistal', 'horizontal'] as const) {
    const p = presetPlane(frame, preset);
    if (Math.abs(dot3(p.normal, view)) > Math.abs(dot3(best.normal, view)) + 1e-9) best = p;
  }
  return facingAwayFrom(best, cameraPosition);
}

/** '+1.2 mm', '−0.4 mm', '0.0 mm': the plane's offset as the panel shows it. */
export function formatOffset(mm: number): string {
  const r = Math.round(mm / PLANE_STEP_MM) * PLANE_STEP_MM;
  if (Math.abs(r) < PLANE_STEP_MM / 2) return '0.0 mm';
  return `${r > 0 ? '+' : '−'}${Math.abs(r).toFixed(1)} mm`;
}
