/**
 * Levels of detail of a model's view derivative. A model over
 * `COARSE_MIN_TRIANGLES` triangles also gets a coarse level — about `COARSE_RATIO` of its
 * triangles, at most `COARSE_MAX_TRIANGLES` — that the viewer draws first while the full one is
 * still on its way. Pure: the build (api/src/mesh/coarseLevel.ts), the answers (`coarse` per
 * model) and the viewer page's preload hints all decide from the model's triangle count.
 */
export const COARSE_MIN_TRIANGLES = 50_000;
export const COARSE_RATIO = 0.08;
export const COARSE_MAX_TRIANGLES = 36_000;

/** Whether a model of this many triangles (as recorded on upload) gets a coarse level. */
export function hasCoarseLevel(triangles: number): boolean {
  return triangles > COARSE_MIN_TRIANGLES;
}

/** The coarse level's triangle budget for a model of this many triangles. */
export function coarseTriangleBudget(triangles: number): number {
  return Math.min(COARSE_MAX_TRIANGLES, Math.max(1, Math.round(triangles * COARSE_RATIO)));
}

export const VIEW_LODS = ['coarse', 'full'] as const;
export type ViewLod = (typeof VIEW_LODS)[number];

/** Response header of the view routes naming the level actually sent. */
export const VIEW_LOD_HEADER = 'x-cusp-lod';
