/**
 * The model frame of what is visible now (views are computed from the visible models): hide the
 * lower arch and the occlusal view frames the upper one. The last answer is kept while the
 * visible set does not change.
 */
import { useViewerStore } from '../store/useViewerStore';
import { meshArraysOf } from '../geometry/meshArrays';
import { flattenLayers } from '../mesh/layers';
import type { ViewMesh } from '../mesh/viewMesh';
import { frameOfModels, jawOfNames, type ModelFrame } from '../scene/viewFrame';

let last: { meshes: ViewMesh[]; frame: ModelFrame | null } | null = null;

export function visibleFrame(): ModelFrame | null {
  const { meshes, layers } = useViewerStore.getState();
  const loaded = flattenLayers(layers).filter((l) => meshes[l.id]);
  const shown = loaded.filter((l) => l.visible && l.opacity > 0);
  const chosen = shown.length > 0 ? shown : loaded;
  const views = chosen.map((l) => meshes[l.id]!);
  if (last && last.meshes.length === views.length && last.meshes.every((m, i) => m === views[i])) {
    return last.frame;
  }
  const frame = frameOfModels(
    views.map((v) => meshArraysOf(v.geometry, v)),
    jawOfNames(chosen.map((l) => l.name)),
  );
  last = { meshes: views, frame };
  return frame;
}
