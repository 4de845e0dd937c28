/**
 * The decoders a model needs, started once per context (decode worker, or the main thread when
 * no worker can run): three's meshopt decoder and the wasm mesh module for normals.
 */
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { MeshModule } from '../../../../wasm/src/core.js';
import type { DecodeTools } from './modelDecode';
import { WASM_URL } from './wasmUrl';

let ready: Promise<DecodeTools> | undefined;

async function wasmBytes(): Promise<ArrayBuffer> {
  const res = await fetch(WASM_URL);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.arrayBuffer();
}

export function decodeTools(): Promise<DecodeTools> {
  ready ??= (async () => {
    const [mod] = await Promise.all([
      wasmBytes().then((bytes) => MeshModule.create(bytes)),
      MeshoptDecoder.ready,
    ]);
    const tools: DecodeTools = {
      meshopt: MeshoptDecoder,
      // The normals are copied out of wasm memory: the next call reuses it.
      gridNormals: (positions, indices) => mod.gridNormals(positions, indices),
    };
    return tools;
  })().catch((err: unknown) => {
    ready = undefined;
    throw err;
  });
  return ready;
}
