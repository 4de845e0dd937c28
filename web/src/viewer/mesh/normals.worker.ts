/// <reference lib="webworker" />
/**
 * Computes vertex normals off the main thread. The position and index buffers are transferred in
 * and transferred back untouched together with the normals, so nothing is copied.
 */
import { computeVertexNormals, type PositionArray } from './normals';

export interface NormalsRequest {
  id: number;
  positions: PositionArray;
  stride: number;
  vertexCount: number;
  indices: Uint32Array | Uint16Array;
}

export interface NormalsResponse {
  id: number;
  positions: PositionArray;
  indices: Uint32Array | Uint16Array;
  normals: Float32Array;
  ms: number;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<NormalsRequest>) => {
  const { id, positions, stride, vertexCount, indices } = e.data;
  const t0 = performance.now();
  const normals = computeVertexNormals(positions, stride, vertexCount, indices);
  const res: NormalsResponse = { id, positions, indices, normals, ms: performance.now() - t0 };
  scope.postMessage(res, [positions.buffer, indices.buffer, normals.buffer]);
};
