/**
 * Messages between the main thread (meshIndexClient.ts) and the index worker
 * (meshIndex.worker.ts), and the worker's handling of one request, kept apart from the worker's
 * global scope so it runs (and is tested) anywhere.
 */
import type { MeshArrays } from './meshArrays';
import type { MeshIndexData } from './meshIndex';

export interface MeshIndexRequest {
  id: number;
  mesh: MeshArrays;
}

export type MeshIndexResponse = { id: number; data: MeshIndexData } | { id: number; error: string };

/** Builds one model's index; a failure becomes an error answer, never an uncaught throw. */
export function handleMeshIndexRequest(
  req: MeshIndexRequest,
  build: (mesh: MeshArrays) => MeshIndexData,
): MeshIndexResponse {
  try {
    return { id: req.id, data: build(req.mesh) };
  } catch (err) {
    return { id: req.id, error: err instanceof Error ? err.message : String(err) };
  }
}
