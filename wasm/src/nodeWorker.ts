/** Worker-thread entry of MeshWorkerPool: one wasm instance per thread. */
import { parentPort } from 'node:worker_threads';
import { loadMeshModule } from './node.js';
import { handleMeshRequest, type MeshRequest } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('nodeWorker must run in a worker thread');

const ready = loadMeshModule();

port.on('message', (req: MeshRequest) => {
  ready.then(
    (mod) => {
      const { response, transfer } = handleMeshRequest(mod, req);
      port.postMessage(response, transfer);
    },
    (e: unknown) => {
      port.postMessage({
        id: req.id,
        ok: false,
        error: {
          code: 'INTERNAL_ERROR',
          message: `The mesh module could not be loaded: ${e instanceof Error ? e.message : String(e)}`,
          detail: 0,
        },
      });
    },
  );
});
