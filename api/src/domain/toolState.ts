/**
 * The doctor's view saved with a comment: camera, measurements and section plane, in
 * the models' own millimetres. The shape is checked by the contract's zod schema at the HTTP
 * boundary (`api/src/contract/toolState.ts`); the rules that need the project are checked here.
 * Pure: no I/O.
 */
export type Vec3 = [number, number, number];

export type SavedMeasureKind = 'distance' | 'polyline' | 'angle';

export interface SavedMeasurement {
  id: string;
  kind: SavedMeasureKind;
  points: { modelId: string; point: Vec3 }[];
}

export interface ToolState {
  /** The format of this object (1 today), so a later format can be told apart. */
  version: 1;
  camera: { position: Vec3; target: Vec3; up: Vec3 };
  measurements: SavedMeasurement[];
  section: { origin: Vec3; normal: Vec3 } | null;
}

/** Points a distance and an angle need; a polyline has at least two. */
export const SAVED_POINTS_NEEDED: Record<SavedMeasureKind, { min: number; max: number }> = {
  distance: { min: 2, max: 2 },
  angle: { min: 3, max: 3 },
  polyline: { min: 2, max: Infinity },
};

const isVec3 = (v: unknown): v is Vec3 =>
  Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
const nonZero = (v: Vec3): boolean => Math.hypot(v[0], v[1], v[2]) > 1e-9;

/**
 * Why a saved view is refused, or null when it is fine: finite coordinates, a camera that looks
 * at something with a non-zero up, measurements with the points their kind needs, on models of
 * the version the comment is about, and a section plane with a non-zero normal.
 */
export function toolStateProblem(s: ToolState, modelIds: ReadonlySet<string>): string | null {
  const { camera, section } = s;
  if (![camera.position, camera.target, camera.up].every(isVec3)) {
    return 'The saved camera must be finite numbers';
  }
  const [px, py, pz] = camera.position;
  const [tx, ty, tz] = camera.target;
  if (!nonZero([px - tx, py - ty, pz - tz])) return 'The saved camera must look at something';
  if (!nonZero(camera.up)) return 'The saved camera up direction must not be zero';
  for (const m of s.measurements) {
    const need = SAVED_POINTS_NEEDED[m.kind];
    if (m.points.length < need.min || m.points.length > need.max) {
      return `A saved ${m.kind} measurement has the wrong number of points`;
    }
    for (const p of m.points) {
      if (!isVec3(p.point)) return 'Measurement points must be finite numbers';
      if (!modelIds.has(p.modelId)) return 'A measurement is not on a model of this version';
    }
  }
  if (section) {
    if (!isVec3(section.origin) || !isVec3(section.normal)) {
      return 'The section plane must be finite numbers';
    }
    if (!nonZero(section.normal)) return 'The section plane normal must not be zero';
  }
  return null;
}
