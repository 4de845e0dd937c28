/**
 * The model frame (occlusal, front, left) of what the viewer shows, from the models' own arrays,
 * through the same math as the server's thumbnails (`wasm/src/views.ts`): the viewer's standard
 * views and its opening three-quarter view come from here. Pure, no React.
 */
import {
  modelFrame,
  viewPose,
  type CameraPose,
  type Jaw,
  type ModelFrame,
  type StandardView,
} from '../../../../wasm/src/views';
import type { MeshArrays } from '../geometry/meshArrays';

/** Triangles handed to the frame at most, over every model (views.ts strides beyond this). */
const MAX_TRIANGLES = 30_000;

/**
 * Every model's triangles (evenly strided when there are many) as one soup in model
 * coordinates: models carry their own offset and scale, the frame needs one coordinate system.
 */
export function frameSoup(meshes: readonly MeshArrays[]): Float32Array {
  const total = meshes.reduce((s, m) => s + m.triangleCount, 0);
  const every = Math.max(1, Math.ceil(total / MAX_TRIANGLES));
  const out = new Float32Array(Math.ceil(total / every + meshes.length) * 9);
  let o = 0;
  for (const m of meshes) {
    const s = m.scale * m.unit;
    for (let t = 0; t < m.triangleCount; t += every) {
      for (let k = 0; k < 3; k++) {
        const i = t * 3 + k;
        const v = m.indices ? m.indices[i]! : i;
        const p = v * m.stride;
        out[o++] = m.offset[0] + s * m.positions[p]!;
        out[o++] = m.offset[1] + s * m.positions[p + 1]!;
        out[o++] = m.offset[2] + s * m.positions[p + 2]!;
      }
    }
  }
  return out.subarray(0, o);
}

/** The jaw when every name says the same one ("Upper arch", "maxillary …"); else unknown. */
export function jawOfNames(names: readonly string[]): Jaw | undefined {
  let jaw: Jaw | undefined;
  for (const name of names) {
    const upper = /\b(upper|maxill\w*|oberkiefer)\b/i.test(name);
    const lower = /\b(lower|mandib\w*|unterkiefer)\b/i.test(name);
    if (upper === lower) continue;
    const j: Jaw = upper ? 'upper' : 'lower';
    if (jaw && jaw !== j) return undefined;
    jaw = j;
  }
  return jaw;
}

/** The frame of the given models together; null when they hold no triangle with an area. */
export function frameOfModels(meshes: readonly MeshArrays[], jaw?: Jaw): ModelFrame | null {
  if (meshes.length === 0) return null;
  return modelFrame([{ positions: frameSoup(meshes) }], jaw ? { jaw } : {});
}

/** Vertical field of view of the viewer's camera, in degrees. */
export const VIEWER_FOV_DEG = 35;

/** Room around the models in a view (1 = touching the edges of the area they are fitted to). */
export const VIEW_MARGIN = 1.4;

/**
 * Widest area (width / height) the models are fitted into, centred: on a desktop the side
 * panels cover about half of the screen's width, so the models fill the free middle; on a phone
 * (taller than wide) the whole width is used.
 */
export const MAX_FIT_ASPECT = 0.9;

/** A standard view's camera pose for a perspective camera (vertical fov in degrees). */
export function poseFor(
  frame: ModelFrame,
  view: StandardView,
  fovDeg: number,
  aspect: number,
): CameraPose {
  return viewPose(frame, view, lensFor(fovDeg, aspect));
}

/** The lens the views are fitted with (see MAX_FIT_ASPECT). */
export function lensFor(fovDeg: number, aspect: number) {
  return { fovDeg, aspect: Math.min(aspect, MAX_FIT_ASPECT), margin: VIEW_MARGIN };
}

export type { CameraPose, ModelFrame, StandardView };
