import { MeshError, httpStatusFor } from '../../../wasm/src/errors.js';
import { meshPool, validateAndSanitise } from '../../../wasm/src/node.js';
import type { MeshWorkerPool } from '../../../wasm/src/pool.js';
import { degenerateMesh, MeshRejected, type MeshSanitizer } from './meshIngest.js';
import { binaryStlHasArea, indexedMeshHasArea } from './surfaceArea.js';

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
        // Stored STL is always binary; a PLY is read back (off the loop) for its triangles.
        const hasArea =
          r.kind === 'stl'
            ? binaryStlHasArea(r.bytes)
            : await (pool ?? meshPool())
                .run('parse', { bytes: r.bytes.slice(), normals: false })
                .then((m) => indexedMeshHasArea(m.positions, m.indices));
        if (!hasArea) throw degenerateMesh();
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
