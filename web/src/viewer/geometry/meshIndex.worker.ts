/// <reference lib="webworker" />
/**
 * Builds models' spatial indexes (meshIndex.ts) off the main thread, so a pin or a section tool
 * never freezes the page for the second a million-triangle BVH takes. The arrays arrive as
 * copies (the scene keeps drawing its own); the index goes back transferred, never copied.
 */
import { buildMeshIndexData, meshIndexTransferables } from './meshIndex';
import { handleMeshIndexRequest, type MeshIndexRequest } from './meshIndexProtocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<MeshIndexRequest>) => {
  const reply = handleMeshIndexRequest(e.data, buildMeshIndexData);
  scope.postMessage(reply, 'data' in reply ? meshIndexTransferables(reply.data) : []);
};
