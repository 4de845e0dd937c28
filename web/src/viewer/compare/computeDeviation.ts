/**
 * The deviation map of the shown version against an older one: the older version's models are
 * loaded (not shown), each newer model is matched by id or layer name, and every vertex of it is
 * measured against the older model's surface in the mesh worker (the wasm distance engine), then
 * coloured on the clinical scale.
 */
import { MeshWorkerClient } from '../../mesh/meshWorkerClient';
import { loadModels } from '../mesh/loadModels';
import type { ViewerModel } from '../mesh/project';
import type { ViewMesh } from '../mesh/viewMesh';
import { deviationBands, colorize, SEARCH_DISTANCE_MM } from './deviationScale';
import type { ModelDeviation } from './compareStore';
import { matchModels } from './matchModels';
import { meshArraysOf } from './meshArraysOf';

let client: MeshWorkerClient | null = null;

export interface DeviationResult {
  deviations: Record<string, ModelDeviation>;
  counts: number[];
  onlyNewer: string[];
  onlyOlder: string[];
}

/** Loads models of another version (not shown), by id; a model that fails is left out. */
export async function loadVersionMeshes(
  models: readonly ViewerModel[],
  headers: Record<string, string>,
): Promise<Map<string, ViewMesh>> {
  const out = new Map<string, ViewMesh>();
  await loadModels(
    models.map((m) => ({
      id: m.id,
      name: m.originalName,
      urls: [m.viewUrl, m.fileUrl].filter((u): u is string => !!u),
    })),
    {
      onLoaded: (id, mesh) => out.set(id, mesh),
      onFailed: () => {},
    },
    { headers },
  );
  return out;
}

export async function computeDeviation(
  newer: readonly ViewerModel[],
  newerMeshes: Readonly<Record<string, ViewMesh>>,
  older: readonly ViewerModel[],
  headers: Record<string, string>,
): Promise<DeviationResult> {
  const match = matchModels(newer, older);
  const olderMeshes = await loadVersionMeshes(
    match.pairs.map((p) => p.older).filter((m) => !newerMeshes[m.id]),
    headers,
  );
  client ??= new MeshWorkerClient();
  const deviations: Record<string, ModelDeviation> = {};
  const counts = new Array<number>(deviationBands().length + 1).fill(0);
  const onlyNewer = match.onlyNewer.map((m) => m.originalName);
  for (const { newer: n, older: o } of match.pairs) {
    const query = newerMeshes[n.id];
    const target = newerMeshes[o.id] ?? olderMeshes.get(o.id);
    if (!query || !target) {
      onlyNewer.push(n.originalName);
      continue;
    }
    const q = meshArraysOf(query);
    // A model kept from one version to the next is the same file: nothing moved.
    const distances =
      n.id === o.id
        ? new Float32Array(q.positions.length / 3)
        : (
            await client.signedDistances(
              q.positions,
              meshArraysOf(target),
              // Copied for the worker: the index array may be the rendered geometry's own.
              { maxDistance: SEARCH_DISTANCE_MM },
            )
          ).distances;
    const { colors, counts: c } = colorize(distances);
    c.forEach((k, i) => (counts[i]! += k));
    deviations[n.id] = { distances, colors };
  }
  for (const m of olderMeshes.values()) m.geometry.dispose();
  return { deviations, counts, onlyNewer, onlyOlder: match.onlyOlder.map((m) => m.originalName) };
}
