import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MeshModule } from '../../../wasm/src/core.js';
import { MeshError } from '../../../wasm/src/errors.js';
import { MeshRejected, type MeshSanitizer } from './meshIngest.js';

const WASM_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'wasm',
  'build',
  'cusp.wasm',
);

/** HTTP status per mesh error: an encrypted DCM is well-formed but unprocessable (row 26). */
function statusFor(code: string): number {
  if (
    code === 'DCM_ENCRYPTED' ||
    code === 'DCM_ENCRYPTED_UNSUPPORTED' ||
    code === 'DCM_UNSUPPORTED_SCHEMA'
  )
    return 422;
  if (code === 'MESH_TOO_LARGE' || code === 'OUT_OF_MEMORY') return 413;
  return 400;
}

/**
 * The wasm module's validate-and-sanitise behind the `MeshSanitizer` port. The module is
 * compiled once and instantiated lazily; calls are serialised because one instance owns one
 * linear memory.
 */
export function createMeshSanitizer(wasmPath = WASM_PATH): MeshSanitizer {
  let module: Promise<MeshModule> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const get = () => (module ??= readFile(wasmPath).then((b) => MeshModule.create(b)));
  return {
    sanitize(bytes, hint) {
      const run = async () => {
        const m = await get();
        try {
          const r = m.validateAndSanitise(bytes, { expect: hint.expect });
          return {
            format: r.kind,
            // Copy out of wasm memory: the next call reuses it.
            bytes: Uint8Array.from(r.bytes),
            triangles: r.stats.triangleCount,
          };
        } catch (err) {
          if (err instanceof MeshError)
            throw new MeshRejected(err.code, err.message, statusFor(err.code));
          throw err;
        }
      };
      const p = queue.then(run, run);
      queue = p.catch(() => undefined);
      return p;
    },
  };
}
