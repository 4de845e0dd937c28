/**
 * Older | newer side by side: loads the older version's models (a file kept from it is already
 * loaded and drawn in both halves) and puts them in the compare store, which the canvas draws.
 */
import { buildLayers, flattenLayers } from '../mesh/layers';
import type { ViewerProject } from '../mesh/project';
import type { ViewMesh } from '../mesh/viewMesh';
import { useCompareStore } from './compareStore';
import { loadVersionMeshes } from './computeDeviation';

/** Opens the side-by-side view of the shown version and version `against`; false if it failed. */
export async function openSideBySide(
  project: ViewerProject,
  meshes: Readonly<Record<string, ViewMesh>>,
  against: number,
  headers: Record<string, string>,
): Promise<boolean> {
  const base = project.versions.find((v) => v.n === against);
  if (!base) return false;
  const store = useCompareStore.getState();
  store.set({ splitBusy: true, error: null });
  try {
    const loaded = await loadVersionMeshes(
      base.models.filter((m) => !meshes[m.id]),
      headers,
    );
    const models = flattenLayers(buildLayers(base.models)).flatMap((layer) => {
      const mesh = meshes[layer.id] ?? loaded.get(layer.id);
      return mesh
        ? [{ id: layer.id, mesh, material: layer.material, shared: !!meshes[layer.id] }]
        : [];
    });
    useCompareStore.getState().set({ split: { version: against, models }, splitBusy: false });
    return true;
  } catch (err) {
    console.warn('side-by-side view failed', err);
    useCompareStore
      .getState()
      .set({ splitBusy: false, error: 'The older version could not be loaded' });
    return false;
  }
}

/** The headers of the viewer's model requests: the owner's bearer token, none on a link. */
export function modelHeaders(mode: string): Record<string, string> {
  if (mode !== 'owner') return {};
  const token = localStorage.getItem('token');
  return token ? { Authorization: `Bearer ${token}` } : {};
}
