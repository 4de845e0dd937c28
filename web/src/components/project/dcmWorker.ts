/// <reference lib="webworker" />
/**
 * Converts a 3Shape DCM to binary STL off the main thread with the wasm module's host wrapper,
 * so no patient file leaves the machine unconverted (architecture §8).
 */
import wasmUrl from '../../../../wasm/build/cusp.wasm?url';
import { MeshModule } from '../../../../wasm/src/core';
import { MeshError } from '../../../../wasm/src/errors';

let mod: Promise<MeshModule> | undefined;
const load = () =>
  (mod ??= fetch(wasmUrl)
    .then((r) => r.arrayBuffer())
    .then((b) => MeshModule.create(b)));

self.onmessage = async (e: MessageEvent<{ id: number; bytes: ArrayBuffer }>) => {
  const { id, bytes } = e.data;
  try {
    const m = await load();
    const out = m.convertDcmToStl(new Uint8Array(bytes));
    const stl = out.stl.slice();
    (self as unknown as Worker).postMessage({ id, stl }, [stl.buffer]);
  } catch (err) {
    const message = err instanceof MeshError || err instanceof Error ? err.message : String(err);
    (self as unknown as Worker).postMessage({ id, error: message });
  }
};
