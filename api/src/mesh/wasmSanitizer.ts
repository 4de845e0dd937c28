import { MeshError, httpStatusFor } from '../../../wasm/src/errors.js';
import { validateAndSanitise } from '../../../wasm/src/node.js';
import type { MeshWorkerPool } from '../../../wasm/src/pool.js';
import { MeshRejected, type MeshSanitizer } from './meshIngest.js';

/**
 * The wasm module's validate-and-sanitise behind the `MeshSanitizer` port, run on the mesh
 * worker-thread pool so a large ASCII STL, PLY or DCM never blocks the event loop.
 */
export function createMeshSanitizer(pool?: MeshWorkerPool): MeshSanitizer {
  return {
    async sanitize(bytes, hint) {
      try {
        const r = await validateAndSanitise(bytes, {
          expect: hint.expect,
          ...(pool ? { pool } : {}),
        });
        return { format: r.kind, bytes: r.bytes, triangles: r.stats.triangleCount };
      } catch (err) {
        if (err instanceof MeshError) {
          throw new MeshRejected(err.code, err.message, httpStatusFor(err.code));
        }
        throw err;
      }
    },
  };
}
