/**
 * The coarse level of a view derivative: meshoptimizer's
 * simplifier (edge collapses onto existing vertices) reduces a welded mesh to its triangle budget
 * (`coarseTriangleBudget`). The vertices at the six extremes of the bounding box are locked so the
 * shape's extent does not shrink; the open border is locked too when the budget allows it, so a
 * scan's edge keeps its outline. Normals are not shipped: the viewer computes them from the
 * simplified surface, as it does for the full level.
 */
import { MeshoptSimplifier } from 'meshoptimizer';
import { coarseTriangleBudget } from '../domain/viewLevels.js';

/** Allowed overshoot of the budget before the next, less careful pass is tried. */
const BUDGET_SLACK = 1.05;
/** Relative error bound handed to the simplifier: large, so the triangle budget decides. */
const TARGET_ERROR = 1;
const NO_ATTRIBUTES = new Float32Array(0);

/** One vertex per bounding-box side (the first reaching that extreme), marked in a lock mask. */
export function extremeVertexLock(positions: Float32Array): Uint8Array {
  const n = positions.length / 3;
  const lock = new Uint8Array(n);
  for (let a = 0; a < 3; a++) {
    let lo = 0;
    let hi = 0;
    for (let v = 1; v < n; v++) {
      const x = positions[v * 3 + a]!;
      if (x < positions[lo * 3 + a]!) lo = v;
      if (x > positions[hi * 3 + a]!) hi = v;
    }
    lock[lo] = 1;
    lock[hi] = 1;
  }
  return lock;
}

/**
 * Simplifies an indexed mesh (`positions`: xyz per vertex; `indices`: triangles into it) to at
 * most about `coarseTriangleBudget(triangles)` triangles. Returns triangles into the same vertex
 * array (unused vertices are simply no longer referenced).
 */
export async function simplifyToCoarse(
  positions: Float32Array,
  indices: Uint32Array,
): Promise<Uint32Array> {
  await MeshoptSimplifier.ready;
  const budget = coarseTriangleBudget(indices.length / 3);
  const targetIndices = budget * 3;
  const lock = extremeVertexLock(positions);
  const pass = (flags: ('LockBorder' | 'Permissive')[]) =>
    MeshoptSimplifier.simplifyWithAttributes(
      indices,
      positions,
      3,
      NO_ATTRIBUTES,
      0,
      [],
      lock,
      targetIndices,
      TARGET_ERROR,
      flags,
    )[0];
  const withinBudget = (r: Uint32Array) => r.length <= targetIndices * BUDGET_SLACK;
  // A long open border (a scan's edge) can hold more vertices than the budget leaves room for.
  const bordered = pass(['LockBorder']);
  if (withinBudget(bordered)) return bordered;
  const free = pass([]);
  if (withinBudget(free)) return free;
  // Seams and non-manifold spots the careful passes refuse to collapse: cluster instead.
  return MeshoptSimplifier.simplifySloppy(
    indices,
    positions,
    3,
    lock,
    targetIndices,
    TARGET_ERROR,
  )[0];
}
